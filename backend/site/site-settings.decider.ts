import { type EditableFeatureFlags, FOOTER_CODES, type FooterItem, type SiteSettingsEvent } from '../../events';
import { type Decider, ValidationError } from '../infrastructure/decider/decider';

/** The flags an administrator may change, with the type each one takes. */
export const EDITABLE_FLAGS: Record<keyof EditableFeatureFlags, 'boolean' | 'length'> = {
  workflowEnabled: 'boolean',
  scormClassicEnabled: 'boolean',
  pinnedEnabled: 'boolean',
  periodicReviewEnabled: 'boolean',
  commentsEnabled: 'boolean',
  footerEnabled: 'boolean',
  delayEnabled: 'boolean',
  userPasswordIsEditable: 'boolean',
  passwordMinLength: 'length',
  passwordMaxLength: 'length',
};

/** Sane bounds for the password length settings (spec §9 leaves them open). */
export const PASSWORD_LENGTH_FLOOR = 6;
export const PASSWORD_LENGTH_CEILING = 256;
export const FOOTER_LABEL_MAX = 100;
export const FOOTER_URL_MAX = 500;

export interface SiteSettingsState {
  /** What administrators set; the environment's values stay the defaults underneath. */
  flags: Partial<EditableFeatureFlags>;
  footerItems: FooterItem[];
}

export type SiteSettingsCommand =
  | { type: 'ChangeFeatureFlags'; changes: Record<string, unknown>; defaults: EditableFeatureFlags }
  | { type: 'ChangeFooter'; isEnabled?: boolean; items: unknown; defaults: EditableFeatureFlags };

export const SITE_SETTINGS_STREAM = 'site-settings';

function effective(state: SiteSettingsState, defaults: EditableFeatureFlags): EditableFeatureFlags {
  return { ...defaults, ...state.flags };
}

function validateFlags(changes: Record<string, unknown>, current: EditableFeatureFlags): Partial<EditableFeatureFlags> {
  const valid: Record<string, boolean | number> = {};
  for (const [key, value] of Object.entries(changes)) {
    const kind = EDITABLE_FLAGS[key as keyof EditableFeatureFlags];
    if (!kind) throw new ValidationError(key, `${key} is not a setting that can be changed`);
    if (kind === 'boolean' && typeof value !== 'boolean') throw new ValidationError(key, `${key} must be a boolean`);
    if (kind === 'length') {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw new ValidationError(key, `${key} must be an integer`);
      if (value < PASSWORD_LENGTH_FLOOR || value > PASSWORD_LENGTH_CEILING) {
        throw new ValidationError(key, `${key} must be between ${PASSWORD_LENGTH_FLOOR} and ${PASSWORD_LENGTH_CEILING}`);
      }
    }
    valid[key] = value as boolean | number;
  }
  const next = { ...current, ...valid } as EditableFeatureFlags;
  if (next.passwordMinLength > next.passwordMaxLength) {
    const field = 'passwordMinLength' in valid ? 'passwordMinLength' : 'passwordMaxLength';
    throw new ValidationError(field, 'passwordMinLength must not exceed passwordMaxLength');
  }
  return valid as Partial<EditableFeatureFlags>;
}

function flagEvents(state: SiteSettingsState, defaults: EditableFeatureFlags, wanted: Partial<EditableFeatureFlags>): SiteSettingsEvent[] {
  const current = effective(state, defaults);
  const changes: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wanted)) {
    const name = key as keyof EditableFeatureFlags;
    if (current[name] === value) continue;
    changes[name] = value;
    previous[name] = current[name];
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'FeatureFlagsChanged', data: { changes, previous } }];
}

export function validateFooterItems(items: unknown): FooterItem[] {
  if (!Array.isArray(items)) throw new ValidationError('items', 'items must be a list');
  if (items.length > FOOTER_CODES.length) throw new ValidationError('items', `items must hold at most ${FOOTER_CODES.length} entries`);
  const seen = new Set<string>();
  return items.map((raw, index): FooterItem => {
    const field = `items[${index}]`;
    const item = (raw ?? {}) as Record<string, unknown>;
    if (!FOOTER_CODES.includes(item.code as FooterItem['code'])) throw new ValidationError(`${field}.code`, `code must be one of ${FOOTER_CODES.join(', ')}`);
    const code = item.code as FooterItem['code'];
    if (seen.has(code)) throw new ValidationError(`${field}.code`, `code ${code} appears twice`);
    seen.add(code);
    const label = typeof item.label === 'string' ? item.label.trim() : '';
    if (!label) throw new ValidationError(`${field}.label`, 'label must not be empty');
    if (label.length > FOOTER_LABEL_MAX) throw new ValidationError(`${field}.label`, `label must be at most ${FOOTER_LABEL_MAX} characters`);
    if (code !== 'PRODUCT') {
      if (item.url !== undefined && item.url !== null && item.url !== '') throw new ValidationError(`${field}.url`, `url is only for the PRODUCT code`);
      return { code, label };
    }
    const url = typeof item.url === 'string' ? item.url.trim() : '';
    if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url)) throw new ValidationError(`${field}.url`, 'url must be an http or https address');
    if (url.length > FOOTER_URL_MAX) throw new ValidationError(`${field}.url`, `url must be at most ${FOOTER_URL_MAX} characters`);
    return { code, label, url };
  });
}

/**
 * The site's settings, one stream for the whole site: the feature flags administrators changed and
 * the footer. Invalid values are refused as a whole (nothing half-written); a change to the value
 * already in force records nothing.
 */
export const siteSettingsDecider: Decider<SiteSettingsState, SiteSettingsCommand, SiteSettingsEvent> = {
  initialState: () => ({ flags: {}, footerItems: [] }),
  decide(command, state) {
    switch (command.type) {
      case 'ChangeFeatureFlags': {
        const wanted = validateFlags(command.changes, effective(state, command.defaults));
        return flagEvents(state, command.defaults, wanted);
      }
      case 'ChangeFooter': {
        if (command.isEnabled !== undefined && typeof command.isEnabled !== 'boolean') throw new ValidationError('isEnabled', 'isEnabled must be a boolean');
        const items = validateFooterItems(command.items);
        const events: SiteSettingsEvent[] = [];
        if (JSON.stringify(items) !== JSON.stringify(state.footerItems)) events.push({ type: 'FooterItemsChanged', data: { items } });
        if (command.isEnabled !== undefined) events.push(...flagEvents(state, command.defaults, { footerEnabled: command.isEnabled }));
        return events;
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'FeatureFlagsChanged':
        return { ...state, flags: { ...state.flags, ...event.data.changes } };
      case 'FooterItemsChanged':
        return { ...state, footerItems: event.data.items };
      default:
        return state;
    }
  },
};
