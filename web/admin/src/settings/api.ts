import { type FeatureFlags, type FooterCode, type FooterItem, type FlagsView as ServerFlagsView, type FooterView, listOf } from '@speach/web-shared/api';
import { HttpError } from 'react-admin';
import { apiCall } from '../providers/httpClient';

export const BOOLEAN_FLAGS = [
  'workflowEnabled',
  'scormClassicEnabled',
  'pinnedEnabled',
  'periodicReviewEnabled',
  'commentsEnabled',
  'footerEnabled',
  'delayEnabled',
  'userPasswordIsEditable',
] as const satisfies readonly (keyof FeatureFlags)[];
export const LENGTH_FLAGS = ['passwordMinLength', 'passwordMaxLength'] as const satisfies readonly (keyof FeatureFlags)[];
/** The flags an administrator sets: the server's flags but the licence, which the deployment decides. */
export type EditableFlags = Pick<FeatureFlags, (typeof BOOLEAN_FLAGS)[number] | (typeof LENGTH_FLAGS)[number]>;

/** The settings card compares the flags by name. */
export type FlagsView = Omit<ServerFlagsView, 'flags'> & { flags: ServerFlagsView['flags'] & Record<string, unknown> };

export const FOOTER_CODES = listOf<FooterCode>()(['PRODUCT', 'ACCESSIBILITY', 'GCU', 'PDP']);
export type { FooterCode, FooterItem, FooterView };

export const getFlags = () => apiCall<FlagsView>('/api/v2/admin/site/flags');
export const saveFlags = (changes: Partial<EditableFlags>) => apiCall<FlagsView>('/api/v2/admin/site/flags', { method: 'PUT', body: changes });
export const getFooter = () => apiCall<FooterView>('/api/v2/footer');
export const saveFooter = (footer: { isEnabled: boolean; items: FooterItem[] }) =>
  apiCall<FooterView>('/api/v2/admin/site/footer', { method: 'PUT', body: footer });

/** The API's field errors as "field: reason" lines, else its message. */
export function fieldErrors(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as { message?: string; errors?: { field: string; reason: string }[] } | undefined;
    if (body?.errors?.length) return body.errors.map((e) => `${e.field}: ${e.reason}`).join('\n');
    return body?.message ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
