import type { RecordedEvent, SpeachEvent, SpeachLanguage, TranscriptCompleted, Visibility } from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionHandler, ProjectionWriter } from './projection';
import { distinctTokens } from './search-text';
import { type ChapterNode, type DraftStructure, evolveDraft, initialDraft, liveFromOnPublish, normaliseKey, readingOrder } from './speaches.projection';

export const SPEACH_SEARCH = 'speach_search';
/** The draft structures this projection folds to freeze a published version's text (its own, never searched). */
export const SPEACH_SEARCH_DRAFTS = 'speach_search_drafts';

/** What the projection folds: the text to match and the facts to filter and sort on. */
interface SearchFacts {
  _id: string;
  title: string;
  description: string;
  tags: string;
  /** Chapter text of the latest published version: readers never search a draft. */
  body: string;
  language: SpeachLanguage;
  visibility: Visibility;
  affectedUserIds: string[];
  affectedGroupIds: string[];
  published: boolean;
  liveFrom: string | null;
  archived: boolean;
  isTemplate: boolean;
  updatedAt: string;
  titleKey: string;
}

/** One speach as search sees it: its facts and what is derived from them for the adapters. */
export interface SpeachSearchDocument extends ProjectedDocument, SearchFacts {
  /** Distinct words of the four texts: the index's vocabulary (typo fallback, prefix expansion). */
  terms: string[];
  /** Readers may find it (published, public or restricted, neither archived nor a template), from `listedFrom`. */
  listed: boolean;
  listedFrom: string | null;
  /** Who finds it: `*` (public), `u:<userId>` and `g:<groupId>` (restricted to them); empty when not listed. */
  audience: string[];
}

interface SearchDraftDocument extends ProjectedDocument {
  draft: DraftStructure;
  /** Chapters' automatic transcripts (issue 22), searched with the published chapters that hold them. */
  transcripts?: Record<string, string>;
  /** The published version's chapter text and chapter ids, kept to add a transcript that completes later. */
  publishedText?: string;
  publishedChapters?: string[];
}

/** The searched body: the published chapters' text, then the transcripts of their videos. */
function composeBody(draft: SearchDraftDocument): string {
  const transcripts = (draft.publishedChapters ?? []).map((id) => draft.transcripts?.[id]).filter(Boolean);
  return [draft.publishedText ?? '', ...transcripts].join('\n');
}

/** Readable text of a chapter: its title and what a reader sees of its content (HTML without tags, questions, answers). */
export function chapterText(node: ChapterNode): string {
  const content = node.content as unknown as Record<string, unknown>;
  const parts: string[] = [node.title];
  if (typeof content.html === 'string') parts.push(content.html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' '));
  for (const key of ['message', 'question'] as const) if (typeof content[key] === 'string') parts.push(content[key] as string);
  if (Array.isArray(content.questions)) {
    for (const q of content.questions as { text?: unknown; options?: { text?: unknown }[] }[]) {
      if (typeof q.text === 'string') parts.push(q.text);
      for (const o of q.options ?? []) if (typeof o.text === 'string') parts.push(o.text);
    }
  }
  return parts.join(' ');
}

/** The derived fields, the words recomputed only when the text changed (most events leave it alone). */
function finish(facts: SearchFacts, previous: SpeachSearchDocument | null): SpeachSearchDocument {
  const sameText =
    previous && previous.title === facts.title && previous.description === facts.description && previous.tags === facts.tags && previous.body === facts.body;
  const terms = sameText ? previous.terms : distinctTokens(facts.title, facts.tags, facts.description, facts.body);
  const findable = facts.visibility === 'PUBLIC' || facts.visibility === 'RESTREINT';
  const listed = facts.published && facts.liveFrom !== null && !facts.archived && !facts.isTemplate && findable;
  const audience = !listed
    ? []
    : facts.visibility === 'PUBLIC'
      ? ['*']
      : [...facts.affectedUserIds.map((u) => `u:${u}`), ...facts.affectedGroupIds.map((g) => `g:${g}`)];
  return { ...facts, terms, listed, listedFrom: listed ? facts.liveFrom : null, audience };
}

/** Changes a known speach's document; every speach event but a pin counts as an update (as on the speach card). */
function patch(change: (doc: SpeachSearchDocument, event: RecordedEvent) => Partial<SearchFacts> = () => ({})): ProjectionHandler {
  return (event, writer) => {
    const { speachId } = event.data as { speachId: string };
    return writer.upsert<SpeachSearchDocument>(SPEACH_SEARCH, speachId, (doc) => {
      if (!doc) return null;
      const { terms: _terms, listed: _listed, listedFrom: _from, audience: _audience, _position, ...facts } = doc;
      return finish({ ...facts, ...change(doc, event), updatedAt: event.time }, doc);
    });
  };
}

/** A structure event changes the draft only: searched text changes when a version is published. */
const structure: ProjectionHandler = async (event, writer) => {
  const { speachId } = event.data as { speachId: string };
  await writer.upsert<SearchDraftDocument>(SPEACH_SEARCH_DRAFTS, speachId, (doc) => (doc ? { ...doc, draft: evolveDraft(doc.draft, event) } : null));
  await patch()(event, writer);
};

async function published(event: RecordedEvent, writer: ProjectionWriter): Promise<void> {
  const d = event.data as { speachId: string; scheduledFor: string | null };
  const draft = await writer.get<SearchDraftDocument>(SPEACH_SEARCH_DRAFTS, d.speachId);
  let body = '';
  if (draft) {
    const order = readingOrder(draft.draft);
    const frozen = { ...draft, publishedText: order.map(chapterText).join('\n'), publishedChapters: order.map((n) => n.chapterId) };
    await writer.upsert<SearchDraftDocument>(SPEACH_SEARCH_DRAFTS, d.speachId, () => frozen);
    body = composeBody(frozen);
  }
  await patch((doc) => ({ body, published: true, liveFrom: liveFromOnPublish(doc, d.scheduledFor, event.time) }))(event, writer);
}

/** A transcript joins the searched body at once when its chapter is in the published version (it describes the same video). */
async function transcribed(event: RecordedEvent, writer: ProjectionWriter): Promise<void> {
  const d = event.data as TranscriptCompleted['data'];
  const draft = await writer.get<SearchDraftDocument>(SPEACH_SEARCH_DRAFTS, d.speachId);
  if (!draft) return;
  const updated = { ...draft, transcripts: { ...draft.transcripts, [d.chapterId]: d.text } };
  await writer.upsert<SearchDraftDocument>(SPEACH_SEARCH_DRAFTS, d.speachId, () => updated);
  if (!updated.publishedChapters?.includes(d.chapterId)) return;
  await writer.upsert<SpeachSearchDocument>(SPEACH_SEARCH, d.speachId, (doc) => {
    if (!doc) return null;
    const { terms: _terms, listed: _listed, listedFrom: _from, audience: _audience, _position, ...facts } = doc;
    return finish({ ...facts, body: composeBody(updated) }, doc);
  });
}

type Data<T extends SpeachEvent['type']> = Extract<SpeachEvent, { type: T }>['data'];
const data = <T extends SpeachEvent['type']>(event: RecordedEvent) => event.data as Data<T>;

/** The search index's documents (issue 15): folded from the speach events alone, one per speach. */
export const speachSearchProjection: ProjectionDefinition = {
  name: 'speach-search',
  // 2: transcripts (issue 22) join the body; the drafts keep the published text.
  version: 2,
  collections: [{ name: SPEACH_SEARCH, indexes: [{ field: 'listed' }] }, { name: SPEACH_SEARCH_DRAFTS }],
  handlers: {
    SpeachCreated: async (event, writer) => {
      const d = data<'SpeachCreated'>(event);
      await writer.upsert<SearchDraftDocument>(SPEACH_SEARCH_DRAFTS, d.speachId, () => ({ _id: d.speachId, draft: initialDraft(event) }));
      await writer.upsert<SpeachSearchDocument>(SPEACH_SEARCH, d.speachId, () =>
        finish(
          {
            _id: d.speachId,
            title: d.title,
            description: d.description,
            tags: '',
            body: '',
            language: d.language,
            visibility: 'PUBLIC',
            affectedUserIds: [],
            affectedGroupIds: [],
            published: false,
            liveFrom: null,
            archived: false,
            isTemplate: d.isTemplate,
            updatedAt: event.time,
            titleKey: normaliseKey(d.title),
          },
          null,
        ),
      );
    },
    SpeachDetailsChanged: patch((_, event) => {
      const d = data<'SpeachDetailsChanged'>(event);
      return {
        ...(d.title !== undefined ? { title: d.title, titleKey: normaliseKey(d.title) } : {}),
        ...(d.description !== undefined ? { description: d.description } : {}),
        ...(d.tags !== undefined ? { tags: d.tags } : {}),
        ...(d.language !== undefined ? { language: d.language } : {}),
      };
    }),
    ChapterAdded: structure,
    ChapterRenamed: structure,
    ChapterMoved: structure,
    ChapterRemoved: structure,
    ChapterContentSet: structure,
    SpeachVisibilityChanged: patch((_, event) => ({ visibility: data<'SpeachVisibilityChanged'>(event).visibility })),
    SpeachAffectedUsersChanged: patch((_, event) => ({ affectedUserIds: data<'SpeachAffectedUsersChanged'>(event).userIds })),
    SpeachAffectedGroupsChanged: patch((_, event) => ({ affectedGroupIds: data<'SpeachAffectedGroupsChanged'>(event).groupIds })),
    SpeachPublished: published,
    TranscriptCompleted: transcribed,
    SpeachUnpublished: patch(() => ({ published: false, liveFrom: null })),
    SpeachArchived: patch(() => ({ archived: true })),
    SpeachRestored: patch(() => ({ archived: false })),
    // Events that change nothing searched but the last update, which orders RECENT results.
    SpeachAuthorChanged: patch(),
    SpeachCoEditorsChanged: patch(),
    SpeachCoEditorGroupsChanged: patch(),
    SpeachDueDateSet: patch(),
    SpeachUnpublishAfterDueDateSet: patch(),
    SpeachBadgeConfigured: patch(),
    SpeachSubchaptersLocked: patch(),
    SpeachCoverSet: patch(),
    PeriodicReviewersAssigned: patch(),
  },
};
