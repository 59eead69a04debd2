/** Spec §3/§4/§6/§9 speach card rules, free of React so they are tested on their own. */

export const TITLE_MAX = 60;
export const MAX_AVATARS = 3;

export interface CardPerson {
  id: string;
  firstName: string;
  lastName: string;
  img: string | null;
}

/** The card fields these rules read (docs/speach-api.md `SpeachCard`, with the workflow fields). */
export interface CardFacts {
  id: string;
  title: string;
  state: 'NON_PUBLIE' | 'PUBLIE' | 'ARCHIVE';
  publication: boolean;
  isTemplate: boolean;
  canEdit: boolean;
  canShare: boolean;
  canApprove: boolean;
  isWorkflowInProgress?: boolean;
  wf_state?: string | null;
  wf_step?: number | null;
  wf_total_step?: number | null;
  delayed_till: string | null;
  delayedTillTimestamp: number | null;
  futureVersionDelayedTillTimestamp: number | null;
  /** GMP-regulated (issue 23): while a newer version is scheduled, the card opens the regulated load. */
  regulated_gmp?: boolean;
  authorsInfos?: { author: CardPerson; coEditors: CardPerson[]; coEditorGroups: { id: string; name: string }[] };
  metadata?: { dueDateTimestamp?: number | null };
}

/** Titles over 60 characters: cut to 60 plus an ellipsis; `full` goes in the tooltip. */
export function truncateTitle(title: string, max = TITLE_MAX): { text: string; truncated: boolean } {
  const chars = [...title];
  return chars.length > max ? { text: `${chars.slice(0, max).join('')}…`, truncated: true } : { text: title, truncated: false };
}

export type AvatarItem = { kind: 'person'; person: CardPerson } | { kind: 'groups'; names: string[] } | { kind: 'more'; count: number };

/**
 * Author avatars: the author then co-editors, at most 3 icons; several co-editor groups merge into one
 * icon; what does not fit shows as +N.
 */
export function authorAvatars(info: CardFacts['authorsInfos'], max = MAX_AVATARS): AvatarItem[] {
  if (!info) return [];
  const items: AvatarItem[] = [
    { kind: 'person', person: info.author },
    ...info.coEditors.filter((p) => p.id !== info.author.id).map((person) => ({ kind: 'person' as const, person })),
  ];
  if (info.coEditorGroups.length) items.push({ kind: 'groups', names: info.coEditorGroups.map((g) => g.name) });
  if (items.length <= max) return items;
  return [...items.slice(0, max - 1), { kind: 'more', count: items.length - (max - 1) }];
}

/** Delayed: the delayed-till or future-version delayed timestamp is in the future (spec §4). */
export function isDelayed(card: CardFacts, now: number): boolean {
  return (card.delayedTillTimestamp ?? 0) > now || (card.futureVersionDelayedTillTimestamp ?? 0) > now;
}

export function isPublished(card: CardFacts): boolean {
  return card.state === 'PUBLIE';
}

export type CardTag =
  | { kind: 'unpublished' }
  | { kind: 'delayed'; at: number }
  | { kind: 'due'; at: number; expired: boolean }
  | { kind: 'workflow'; state: 'AWAITING_VALIDATION' | 'REJECTED'; danger: boolean; step: number | null; total: number | null };

/** Tags of spec §4: workflow state (anything but awaiting shows as rejected, in danger style), delayed with date, unpublished; and the due date (past: expired, error style). */
export function cardTags(card: CardFacts, now: number): CardTag[] {
  const tags: CardTag[] = [];
  if (card.isWorkflowInProgress || card.wf_state) {
    const awaiting = card.wf_state === 'AWAITING_VALIDATION';
    tags.push({
      kind: 'workflow',
      state: awaiting ? 'AWAITING_VALIDATION' : 'REJECTED',
      danger: !awaiting,
      step: card.wf_step ?? null,
      total: card.wf_total_step ?? null,
    });
  }
  if (isDelayed(card, now)) tags.push({ kind: 'delayed', at: Math.max(card.delayedTillTimestamp ?? 0, card.futureVersionDelayedTillTimestamp ?? 0) });
  else if (!isPublished(card) && !card.isTemplate) tags.push({ kind: 'unpublished' });
  const due = card.metadata?.dueDateTimestamp;
  if (typeof due === 'number') tags.push({ kind: 'due', at: due, expired: due < now });
  return tags;
}

export function titleSlug(title: string): string {
  return (
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'speach'
  );
}

/** Card click (spec §4): workflow pages while in progress, else the speach page when published or delayed, else the play page. */
export function cardTarget(card: CardFacts, now: number): string {
  const id = encodeURIComponent(card.id);
  if (card.isWorkflowInProgress) return card.canApprove ? `/workflow/validator/${id}` : `/workflow/author/${id}`;
  // Spec §2: a regulated speach with a version scheduled opens the version in force (`{id}_REGULATED`).
  if (isPublished(card) && card.regulated_gmp && (card.futureVersionDelayedTillTimestamp ?? 0) > now) return `/s/${id}_REGULATED/${titleSlug(card.title)}`;
  if (isPublished(card) || isDelayed(card, now)) return `/s/${id}/${titleSlug(card.title)}`;
  return `/play/${id}/${titleSlug(card.title)}`;
}

/** Edit follows the same workflow rule, otherwise opens the editor. */
export function editTarget(card: CardFacts): string {
  const id = encodeURIComponent(card.id);
  if (card.isWorkflowInProgress) return card.canApprove ? `/workflow/validator/${id}` : `/workflow/author/${id}`;
  return `/recorder/edit/${id}`;
}

export type MenuAction = 'ANALYTICS' | 'DUPLICATE' | 'VERSIONS' | 'WORKFLOW' | 'ARCHIVE';

/** The edit menu (spec §6): only with canEdit; analytics if published; workflow if in progress. */
export function menuActions(card: CardFacts): MenuAction[] {
  if (!card.canEdit) return [];
  const actions: MenuAction[] = [];
  if (isPublished(card)) actions.push('ANALYTICS');
  actions.push('DUPLICATE', 'VERSIONS');
  if (card.isWorkflowInProgress) actions.push('WORKFLOW');
  actions.push('ARCHIVE');
  return actions;
}

export function menuTarget(action: 'ANALYTICS' | 'VERSIONS' | 'WORKFLOW', id: string): string {
  const safe = encodeURIComponent(id);
  return action === 'ANALYTICS' ? `/analytics/s/${safe}` : action === 'VERSIONS' ? `/list-versions/${safe}` : `/workflow/author/${safe}`;
}

/** Share: canShare with a published (or delayed) speach, not a template, and not inside an embedded frame. */
export function canShareCard(card: CardFacts, now: number, embedded: boolean): boolean {
  return card.canShare && (isPublished(card) || isDelayed(card, now)) && !card.isTemplate && !embedded;
}
