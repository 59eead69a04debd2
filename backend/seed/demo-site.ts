import type { AppConfig } from '../config/app-config';
import type { CommandRunner } from '../infrastructure/decider/command-runner';
import { SITE_SETTINGS_STREAM, siteSettingsDecider, editableDefaults } from '../site';

/** The demo footer: the product's site and the three screens of spec §2 (the statement is left for an admin to write). */
export async function seedDemoSite(commands: CommandRunner, config: AppConfig): Promise<void> {
  await commands.run(siteSettingsDecider, SITE_SETTINGS_STREAM, {
    type: 'ChangeFooter',
    items: [
      { code: 'PRODUCT', label: 'Speach', url: 'https://www.example.com/' },
      { code: 'ACCESSIBILITY', label: 'Accessibility' },
      { code: 'GCU', label: 'Terms of use' },
      { code: 'PDP', label: 'Personal data' },
    ],
    defaults: editableDefaults(config),
  });
}
