/** The site context's public face: the only module other contexts, the seed and the app module import. */
export { SiteSettings } from './site-settings.service';
export { SITE_SETTINGS_STREAM, siteSettingsDecider } from './site-settings.decider';
export { editableDefaults } from './site-commands.service';
export { SiteModule } from './site.module';
