import { Global, Module } from '@nestjs/common';
import { SiteSettings } from './site-settings.service';

/** Site-wide settings (feature flags, footer, accessibility statement), available to every context. */
@Global()
@Module({ providers: [SiteSettings], exports: [SiteSettings] })
export class SiteModule {}
