import { Inject, Injectable } from '@nestjs/common';
import { type EditableFeatureFlags, type FooterItem, uuidv7 } from '../../events';
import { type AccessibilityDocument, SITE_SETTINGS, type SiteFooterDocument } from '../../projections/site-settings.projection';
import { APP_CONFIG, type AppConfig, type FeatureFlags } from '../config/app-config';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { NotFoundError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { ReadModels } from '../infrastructure/read-models';
import { READ_STORE } from '../infrastructure/tokens';
import { ACCESSIBILITY_STREAM, accessibilityStatementDecider } from './accessibility-statement.decider';
import { EDITABLE_FLAGS, PASSWORD_LENGTH_CEILING, PASSWORD_LENGTH_FLOOR, SITE_SETTINGS_STREAM, siteSettingsDecider } from './site-settings.decider';
import { SiteSettings } from './site-settings.service';
import type { FlagsView, FooterView, StatementView } from './site.view';

/** Where each footer code leads (spec §2 "Footer"); PRODUCT carries its own external address. */
const FOOTER_TARGETS: Record<Exclude<FooterItem['code'], 'PRODUCT'>, string> = {
  ACCESSIBILITY: '/accessibility-statement',
  GCU: '/gcuContent',
  PDP: '/pdpContent',
};

/** The environment's values of the flags an administrator may change. */
export function editableDefaults(config: AppConfig): EditableFeatureFlags {
  const all = config.featureFlags;
  return Object.fromEntries(Object.keys(EDITABLE_FLAGS).map((key) => [key, all[key as keyof FeatureFlags]])) as unknown as EditableFeatureFlags;
}

/** Commands and reads of the site settings: flags, footer and the accessibility statement. */
@Injectable()
export class SiteCommands {
  constructor(
    private readonly commands: CommandRunner,
    private readonly site: SiteSettings,
    private readonly readModels: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  private defaults(): EditableFeatureFlags {
    return editableDefaults(this.config);
  }

  async flagsView(): Promise<FlagsView> {
    const stored = await this.readStore.collection<{ _id: string; flags: Partial<EditableFeatureFlags> }>(SITE_SETTINGS).findById('flags');
    return {
      flags: await this.site.flags(),
      defaults: this.defaults(),
      overridden: Object.keys(stored?.flags ?? {}) as (keyof EditableFeatureFlags)[],
      passwordLengthBounds: { min: PASSWORD_LENGTH_FLOOR, max: PASSWORD_LENGTH_CEILING },
    };
  }

  async changeFlags(changes: Record<string, unknown>): Promise<FlagsView> {
    await this.commands.run(siteSettingsDecider, SITE_SETTINGS_STREAM, { type: 'ChangeFeatureFlags', changes, defaults: this.defaults() });
    await this.readModels.settled();
    return this.flagsView();
  }

  async footer(): Promise<FooterView> {
    const [flags, doc] = await Promise.all([this.site.flags(), this.readStore.collection<SiteFooterDocument>(SITE_SETTINGS).findById('footer')]);
    return {
      isEnabled: flags.footerEnabled,
      items: (doc?.items ?? []).map((item) => ({ ...item, url: item.code === 'PRODUCT' ? (item.url ?? '') : FOOTER_TARGETS[item.code] })),
    };
  }

  async changeFooter(body: { isEnabled?: unknown; items?: unknown }): Promise<FooterView> {
    await this.commands.run(siteSettingsDecider, SITE_SETTINGS_STREAM, {
      type: 'ChangeFooter',
      isEnabled: body.isEnabled as boolean | undefined,
      items: body.items,
      defaults: this.defaults(),
    });
    await this.readModels.settled();
    return this.footer();
  }

  async statement(): Promise<StatementView> {
    const doc = await this.readStore.collection<AccessibilityDocument>(SITE_SETTINGS).findById('accessibility');
    if (!doc) throw new NotFoundError('No accessibility statement');
    return { id: doc.statementId, statement: doc.statement, updatedAt: doc.updatedAt };
  }

  async publishStatement(statement: string): Promise<StatementView> {
    await this.commands.run(accessibilityStatementDecider, ACCESSIBILITY_STREAM, { type: 'PublishStatement', id: uuidv7(), statement });
    await this.readModels.settled();
    return this.statement();
  }

  /** `changed` is false when the sanitised text equals the one in force (nothing is recorded). */
  async changeStatement(id: string, statement: string): Promise<StatementView & { changed: boolean }> {
    const { events } = await this.commands.run(accessibilityStatementDecider, ACCESSIBILITY_STREAM, { type: 'ChangeStatement', id, statement });
    await this.readModels.settled();
    return { ...(await this.statement()), changed: events.length > 0 };
  }
}
