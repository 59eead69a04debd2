import type { QueryClient } from '@tanstack/react-query';
import type { ReadResponse } from './types';

/**
 * One speach's queries live under `['speach', speachId]`, so a change to the speach refreshes its reading,
 * card, versions and share details at once. The editor's working draft has its own root (`speach-editor`):
 * the editor owns it between loads, and refreshing it behind the author would reset the forms.
 * Kept apart from the hooks (useSpeach.ts), so cache rules and their tests need not load the API module.
 */
export const speachKeys = {
  of: (speachId: string) => ['speach', speachId] as const,
  /** `loadId` keeps the `_REGULATED` suffix: the version in force is another reading than the live one. */
  reading: (speachId: string, loadId: string, { mode, accessCode }: { mode: string; accessCode?: string }) =>
    ['speach', speachId, 'read', loadId, mode, accessCode ?? ''] as const,
  card: (speachId: string) => ['speach', speachId, 'card'] as const,
  versions: (speachId: string) => ['speach', speachId, 'versions'] as const,
  publishDetails: (speachId: string) => ['speach', speachId, 'publish-details'] as const,
  templates: ['speach-templates'] as const,
  editorDraft: (speachId: string) => ['speach-editor', speachId] as const,
};

/** Puts the progress a mark-read answered into the cached reading at once, before the reading is read again for the locks. */
export function mergeProgress(client: QueryClient, key: readonly unknown[], progress: { readChapterIds: string[]; lastChapterId: string | null }) {
  client.setQueryData<ReadResponse>(key, (data) => (data ? { ...data, progress: { ...data.progress, ...progress } } : data));
}
