import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type FeatureFlags } from '../config/app-config';
import type { Document, ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';

export { SITE_SETTINGS } from '../../projections/site-settings.projection';
import { SITE_SETTINGS } from '../../projections/site-settings.projection';

interface FlagsDocument extends Document {
  flags: Partial<FeatureFlags>;
}

/**
 * The feature flags in force: what the administrators set (events, projected into
 * `site_settings/flags`) over the environment's defaults. Every rule that depends on a flag asks
 * here, per call, so a change in the back office applies at once.
 */
@Injectable()
export class SiteSettings {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async flags(): Promise<FeatureFlags> {
    const stored = await this.readStore.collection<FlagsDocument>(SITE_SETTINGS).findById('flags');
    return { ...this.config.featureFlags, ...(stored?.flags ?? {}) };
  }
}
