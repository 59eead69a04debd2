import { Global, Module } from '@nestjs/common';
import { SiteCommands } from './site-commands.service';
import { SiteController } from './site.controller';
import { SiteSettings } from './site-settings.service';

/** Site-wide settings (feature flags, footer, accessibility statement), available to every context. */
@Global()
@Module({ controllers: [SiteController], providers: [SiteSettings, SiteCommands], exports: [SiteSettings] })
export class SiteModule {}
