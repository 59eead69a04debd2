import type { ChapterContent, SpeachEvent } from '../../events';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { HOME_PINS_STREAM, MAX_PINNED, homePinsDecider } from './home-pins.decider';
import { learnerDecider } from './learner.decider';
import { type SpeachActor, canEdit, speachDecider } from './speach.decider';

const author: SpeachActor = { id: 'u-author', isAdmin: false, isAuthor: true, groupIds: ['g-team'] };
const coEditor: SpeachActor = { id: 'u-co', isAdmin: false, isAuthor: true, groupIds: [] };
const otherAuthor: SpeachActor = { id: 'u-other', isAdmin: false, isAuthor: true, groupIds: [] };
const admin: SpeachActor = { id: 'u-admin', isAdmin: true, isAuthor: false, groupIds: [] };
const reader: SpeachActor = { id: 'u-reader', isAdmin: false, isAuthor: false, groupIds: ['g-team'] };
const NOW = '2026-11-23T10:00:00.000Z';
const s = 's1';

const created: SpeachEvent = {
  type: 'SpeachCreated',
  data: {
    speachId: s,
    authorId: author.id,
    title: 'Safety',
    description: '',
    language: 'en-US',
    categoryId: null,
    isTemplate: false,
    templateId: null,
    duplicatedFrom: null,
    chapters: [],
  },
};
const chapter = (chapterId: string, parentId: string | null = null, position = 0): SpeachEvent => ({
  type: 'ChapterAdded',
  data: { speachId: s, chapterId, parentId, title: chapterId, position },
});
const published = (version: number, scheduledFor: string | null = null): SpeachEvent => ({
  type: 'SpeachPublished',
  data: { speachId: s, version, scheduledFor },
});
const quiz = (correct: boolean[]) => ({
  type: 'QUIZZ' as const,
  passingScore: 50,
  questions: [
    { questionId: 'q1', text: 'Which?', multiple: false, points: 1, options: correct.map((c, i) => ({ optionId: `o${i}`, text: `Answer ${i}`, correct: c })) },
  ],
});

describe('speach decider', () => {
  const spec = deciderSpec(speachDecider);

  describe('creation', () => {
    it('lets an author create a speach with a trimmed title', () => {
      spec
        .given([])
        .when({
          type: 'CreateSpeach',
          speachId: s,
          actor: author,
          title: ' Safety ',
          language: 'en-US',
          categoryId: null,
          isTemplate: false,
          templateId: null,
          duplicatedFrom: null,
          chapters: [],
        })
        .then([created]);
    });
    it('refuses a reader, an empty or too long title and an unknown language', () => {
      const base = {
        type: 'CreateSpeach' as const,
        speachId: s,
        title: 'T',
        language: 'en-US',
        categoryId: null,
        isTemplate: false,
        templateId: null,
        duplicatedFrom: null,
        chapters: [],
      };
      spec
        .given([])
        .when({ ...base, actor: reader })
        .thenThrows(ForbiddenError);
      spec
        .given([])
        .when({ ...base, actor: author, title: '  ' })
        .thenThrows(ValidationError, /title must not be empty/);
      spec
        .given([])
        .when({ ...base, actor: author, title: 'x'.repeat(256) })
        .thenThrows(ValidationError, /at most 255/);
      spec
        .given([])
        .when({ ...base, actor: author, language: 'xx-XX' })
        .thenThrows(ValidationError, /language must be one of/);
      spec
        .given([created])
        .when({ ...base, actor: author })
        .thenThrows(IllegalStateError);
    });
  });

  describe('cover (issue 17)', () => {
    const cover = { small: 'b-s', medium: 'b-m', large: 'b-l' };
    it('lets an editor set and remove the cover, not another author, nor on an archived or unknown speach', () => {
      spec
        .given([created])
        .when({ type: 'SetCover', speachId: s, actor: author, cover })
        .then([{ type: 'SpeachCoverSet', data: { speachId: s, cover } }]);
      spec
        .given([created])
        .when({ type: 'SetCover', speachId: s, actor: admin, cover: null })
        .then([{ type: 'SpeachCoverSet', data: { speachId: s, cover: null } }]);
      spec.given([created]).when({ type: 'SetCover', speachId: s, actor: otherAuthor, cover }).thenThrows(ForbiddenError);
      spec
        .given([created, { type: 'SpeachArchived', data: { speachId: s } }])
        .when({ type: 'SetCover', speachId: s, actor: author, cover })
        .thenThrows(IllegalStateError, /archived/);
      spec.given([]).when({ type: 'SetCover', speachId: s, actor: author, cover }).thenThrows(NotFoundError);
    });
  });

  describe('permissions', () => {
    it('lets the author, co-editors (by user or group) and admins edit, not other authors or readers', () => {
      const rename = (actor: SpeachActor) => ({ type: 'ChangeDetails' as const, speachId: s, actor, title: 'New' });
      const event = [{ type: 'SpeachDetailsChanged', data: { speachId: s, title: 'New' } }] as SpeachEvent[];
      spec.given([created]).when(rename(author)).then(event);
      spec.given([created]).when(rename(admin)).then(event);
      spec
        .given([created, { type: 'SpeachCoEditorsChanged', data: { speachId: s, userIds: [coEditor.id] } }])
        .when(rename(coEditor))
        .then(event);
      spec
        .given([created, { type: 'SpeachCoEditorGroupsChanged', data: { speachId: s, groupIds: ['g-x'] } }])
        .when(rename({ ...otherAuthor, groupIds: ['g-x'] }))
        .then(event);
      spec.given([created]).when(rename(otherAuthor)).thenThrows(ForbiddenError);
      // A reader in a co-editor group is still not an author.
      spec
        .given([created, { type: 'SpeachCoEditorGroupsChanged', data: { speachId: s, groupIds: ['g-team'] } }])
        .when(rename(reader))
        .thenThrows(ForbiddenError);
    });
    it('answers 404 on an unknown speach and refuses edits on an archived one', () => {
      spec.given([]).when({ type: 'ChangeDetails', speachId: s, actor: admin, title: 'x' }).thenThrows(NotFoundError);
      spec
        .given([created, { type: 'SpeachArchived', data: { speachId: s } }])
        .when({ type: 'ChangeDetails', speachId: s, actor: author, title: 'x' })
        .thenThrows(IllegalStateError, /archived/);
    });
    it('keeps the author change and periodic reviewers to admins', () => {
      spec.given([created]).when({ type: 'ChangeAuthor', speachId: s, actor: author, authorId: 'u-x' }).thenThrows(ForbiddenError);
      spec
        .given([created])
        .when({ type: 'ChangeAuthor', speachId: s, actor: admin, authorId: 'u-x' })
        .then([{ type: 'SpeachAuthorChanged', data: { speachId: s, authorId: 'u-x' } }]);
      spec.given([created]).when({ type: 'AssignPeriodicReviewers', speachId: s, actor: author, userIds: [], groupIds: [] }).thenThrows(ForbiddenError);
    });
  });

  describe('chapters', () => {
    it('adds chapters and sub-chapters, but no third level', () => {
      spec
        .given([created])
        .when({ type: 'AddChapter', speachId: s, actor: author, chapterId: 'c1', parentId: null, title: ' Intro ' })
        .then([{ type: 'ChapterAdded', data: { speachId: s, chapterId: 'c1', parentId: null, title: 'Intro', position: 0 } }]);
      spec
        .given([created, chapter('c1')])
        .when({ type: 'AddChapter', speachId: s, actor: author, chapterId: 'c2', parentId: 'c1', title: 'Sub', position: 9 })
        .then([{ type: 'ChapterAdded', data: { speachId: s, chapterId: 'c2', parentId: 'c1', title: 'Sub', position: 0 } }]);
      spec
        .given([created, chapter('c1'), chapter('c2', 'c1')])
        .when({ type: 'AddChapter', speachId: s, actor: author, chapterId: 'c3', parentId: 'c2', title: 'Deep' })
        .thenThrows(ValidationError, /Sub-chapters cannot hold/);
      spec
        .given([created])
        .when({ type: 'AddChapter', speachId: s, actor: author, chapterId: 'c3', parentId: 'nope', title: 'X' })
        .thenThrows(ValidationError, /Unknown parent/);
    });
    it('moves a chapter, and refuses to nest a chapter that has sub-chapters', () => {
      const given = [created, chapter('c1'), chapter('c2', null, 1), chapter('c3', 'c1')];
      spec
        .given(given)
        .when({ type: 'MoveChapter', speachId: s, actor: author, chapterId: 'c2', parentId: null, position: 0 })
        .then([{ type: 'ChapterMoved', data: { speachId: s, chapterId: 'c2', parentId: null, position: 0 } }]);
      spec.given(given).when({ type: 'MoveChapter', speachId: s, actor: author, chapterId: 'c2', parentId: null, position: 1 }).then([]);
      spec
        .given(given)
        .when({ type: 'MoveChapter', speachId: s, actor: author, chapterId: 'c1', parentId: 'c2', position: 0 })
        .thenThrows(ValidationError, /with sub-chapters/);
      spec
        .given(given)
        .when({ type: 'MoveChapter', speachId: s, actor: author, chapterId: 'c3', parentId: 'c2', position: 0 })
        .then([{ type: 'ChapterMoved', data: { speachId: s, chapterId: 'c3', parentId: 'c2', position: 0 } }]);
    });
    it('folds moves and removals into the tree', () => {
      const events = [
        created,
        chapter('c1'),
        chapter('c2', null, 1),
        chapter('c3', 'c1'),
        { type: 'ChapterMoved', data: { speachId: s, chapterId: 'c2', parentId: null, position: 0 } } as SpeachEvent,
      ];
      const state = events.reduce(speachDecider.evolve, speachDecider.initialState());
      expect(state.status === 'active' && state.order).toEqual(['c2', 'c1']);
      const removed = speachDecider.evolve(state, { type: 'ChapterRemoved', data: { speachId: s, chapterId: 'c1' } });
      expect(removed.status === 'active' && Object.keys(removed.chapters)).toEqual(['c2']);
    });
    it('validates content: a quiz question needs a correct answer, single choice only one', () => {
      const given = [created, chapter('c1')];
      spec
        .given(given)
        .when({ type: 'SetChapterContent', speachId: s, actor: author, chapterId: 'c1', content: quiz([false, false]) })
        .thenThrows(ValidationError, /no correct answer/);
      spec
        .given(given)
        .when({ type: 'SetChapterContent', speachId: s, actor: author, chapterId: 'c1', content: quiz([true, true]) })
        .thenThrows(ValidationError, /single-choice/);
      spec
        .given(given)
        .when({ type: 'SetChapterContent', speachId: s, actor: author, chapterId: 'c1', content: quiz([true, false]) })
        .thenEvents((events) => {
          expect(events).toHaveLength(1);
          expect(events[0].type).toBe('ChapterContentSet');
        });
      spec
        .given(given)
        .when({ type: 'SetChapterContent', speachId: s, actor: author, chapterId: 'c1', content: { type: 'EMBED', url: 'javascript:alert(1)' } })
        .thenThrows(ValidationError, /http/);
      spec
        .given(given)
        .when({ type: 'SetChapterContent', speachId: s, actor: author, chapterId: 'nope', content: { type: 'NONE' } })
        .thenThrows(NotFoundError);
    });
    it('converts an assessment into the final exam, questions kept; anything else, or twice, is refused', () => {
      const set = (content: ChapterContent): SpeachEvent => ({ type: 'ChapterContentSet', data: { speachId: s, chapterId: 'c1', content } });
      const given = [created, chapter('c1'), set(quiz([true, false]))];
      spec
        .given(given)
        .when({ type: 'ConvertQuizToExam', speachId: s, actor: author, chapterId: 'c1' })
        .then([set({ ...quiz([true, false]), type: 'QUIZZ_EXAMEN' })]);
      spec
        .given([...given, set({ ...quiz([true, false]), type: 'QUIZZ_EXAMEN' })])
        .when({ type: 'ConvertQuizToExam', speachId: s, actor: author, chapterId: 'c1' })
        .thenThrows(ValidationError, /already a final exam/);
      spec
        .given([created, chapter('c1')])
        .when({ type: 'ConvertQuizToExam', speachId: s, actor: author, chapterId: 'c1' })
        .thenThrows(ValidationError, /Only an assessment/);
      spec.given(given).when({ type: 'ConvertQuizToExam', speachId: s, actor: author, chapterId: 'c9' }).thenThrows(NotFoundError);
      spec.given(given).when({ type: 'ConvertQuizToExam', speachId: s, actor: otherAuthor, chapterId: 'c1' }).thenThrows(ForbiddenError);
    });
    it("keeps a question's cited source passage (trimmed), and refuses an empty or oversized one naming the field", () => {
      const given = [created, chapter('c1')];
      const cited = (source: unknown) => ({ ...quiz([true, false]), questions: [{ ...quiz([true, false]).questions[0], source }] });
      spec
        .given(given)
        .when({
          type: 'SetChapterContent',
          speachId: s,
          actor: author,
          chapterId: 'c1',
          content: cited({ chapterId: 'c0', passage: '  The battery is charged in a ventilated room.  ' }) as never,
        })
        .thenEvents((events) => {
          const content = (events[0].data as { content: { questions: { source?: unknown }[] } }).content;
          expect(content.questions[0].source).toEqual({ chapterId: 'c0', passage: 'The battery is charged in a ventilated room.' });
        });
      spec
        .given(given)
        .when({ type: 'SetChapterContent', speachId: s, actor: author, chapterId: 'c1', content: quiz([true, false]) })
        .thenEvents((events) => {
          expect((events[0].data as { content: { questions: object[] } }).content.questions[0]).not.toHaveProperty('source');
        });
      const refused = (source: unknown, message: RegExp) =>
        spec
          .given(given)
          .when({ type: 'SetChapterContent', speachId: s, actor: author, chapterId: 'c1', content: cited(source) as never })
          .thenThrows(ValidationError, message);
      refused({ passage: '   ' }, /cited passage must not be empty/);
      refused({ passage: 'x'.repeat(2001) }, /at most 2000 characters/);
      refused({ passage: 'ok', chapterId: 42 }, /chapterId must be/);
      refused('a bare string', /source must be an object/);
    });
    it('sanitises rich text and keeps other spec types as typed placeholders', () => {
      spec
        .given([created, chapter('c1')])
        .when({
          type: 'SetChapterContent',
          speachId: s,
          actor: author,
          chapterId: 'c1',
          content: { type: 'HTML', html: '<p onclick="x()">Hi<script>alert(1)</script></p>' },
        })
        .then([{ type: 'ChapterContentSet', data: { speachId: s, chapterId: 'c1', content: { type: 'HTML', html: '<p>Hi</p>' } } }]);
      spec
        .given([created, chapter('c1')])
        .when({ type: 'SetChapterContent', speachId: s, actor: author, chapterId: 'c1', content: { type: 'LIVE_EVENT', placeholder: true } })
        .then([{ type: 'ChapterContentSet', data: { speachId: s, chapterId: 'c1', content: { type: 'LIVE_EVENT', placeholder: true } } }]);
    });
  });

  describe('visibility', () => {
    it('needs an access code for a private speach and refuses one on a public speach', () => {
      spec
        .given([created])
        .when({ type: 'ChangeVisibility', speachId: s, actor: author, visibility: 'PRIVE', accessCodeHash: null })
        .thenThrows(ValidationError, /needs an access code/);
      spec
        .given([created])
        .when({ type: 'ChangeVisibility', speachId: s, actor: author, visibility: 'PUBLIC', accessCodeHash: 'h' })
        .thenThrows(ValidationError, /only for a private/);
      spec
        .given([created])
        .when({ type: 'ChangeVisibility', speachId: s, actor: author, visibility: 'PRIVE', accessCodeHash: 'h' })
        .then([{ type: 'SpeachVisibilityChanged', data: { speachId: s, visibility: 'PRIVE', accessCodeHash: 'h' } }]);
      spec
        .given([created])
        .when({ type: 'ChangeVisibility', speachId: s, actor: author, visibility: 'OPEN', accessCodeHash: null })
        .thenThrows(ValidationError, /visibility must be one of/);
    });
    it('assigns users and groups only to a restricted speach', () => {
      spec
        .given([created])
        .when({ type: 'SetAffectedUsers', speachId: s, actor: author, userIds: ['u1'] })
        .thenThrows(ValidationError, /restricted/);
      spec
        .given([created, { type: 'SpeachVisibilityChanged', data: { speachId: s, visibility: 'RESTREINT', accessCodeHash: null } }])
        .when({ type: 'SetAffectedGroups', speachId: s, actor: author, groupIds: ['g1', 'g1'] })
        .then([{ type: 'SpeachAffectedGroupsChanged', data: { speachId: s, groupIds: ['g1'] } }]);
    });
  });

  describe('publication', () => {
    it('publishes version 1 now, or schedules it in the future only', () => {
      spec
        .given([created, chapter('c1')])
        .when({ type: 'Publish', speachId: s, actor: author, at: null, now: NOW })
        .then([published(1)]);
      spec
        .given([created, chapter('c1')])
        .when({ type: 'Publish', speachId: s, actor: author, at: '2026-12-01T08:00:00.000Z', now: NOW })
        .then([published(1, '2026-12-01T08:00:00.000Z')]);
      spec
        .given([created, chapter('c1')])
        .when({ type: 'Publish', speachId: s, actor: author, at: '2026-11-01T08:00:00.000Z', now: NOW })
        .thenThrows(ValidationError, /in the future/);
    });
    it('refuses an empty speach, a template and a republication without changes', () => {
      spec
        .given([created])
        .when({ type: 'Publish', speachId: s, actor: author, at: null, now: NOW })
        .thenThrows(ValidationError, /at least one chapter/);
      spec
        .given([{ ...created, data: { ...created.data, isTemplate: true } } as SpeachEvent, chapter('c1')])
        .when({ type: 'Publish', speachId: s, actor: author, at: null, now: NOW })
        .thenThrows(IllegalStateError, /template/);
      spec
        .given([created, chapter('c1'), published(1)])
        .when({ type: 'Publish', speachId: s, actor: author, at: null, now: NOW })
        .thenThrows(IllegalStateError, /already published/);
    });
    it('publishes a new version once the draft has pending updates, possibly delayed', () => {
      const given = [created, chapter('c1'), published(1), { type: 'ChapterRenamed', data: { speachId: s, chapterId: 'c1', title: 'Better' } } as SpeachEvent];
      spec
        .given(given)
        .when({ type: 'Publish', speachId: s, actor: author, at: '2027-01-01T00:00:00.000Z', now: NOW })
        .then([published(2, '2027-01-01T00:00:00.000Z')]);
    });
    it('unpublishes only what is published', () => {
      spec
        .given([created, chapter('c1')])
        .when({ type: 'Unpublish', speachId: s, actor: author })
        .thenThrows(IllegalStateError);
      spec
        .given([created, chapter('c1'), published(1)])
        .when({ type: 'Unpublish', speachId: s, actor: author })
        .then([{ type: 'SpeachUnpublished', data: { speachId: s } }]);
    });
  });

  describe('archive and restore', () => {
    it('lets the author or an admin archive and restore, not a co-editor', () => {
      const withCo = [created, { type: 'SpeachCoEditorsChanged', data: { speachId: s, userIds: [coEditor.id] } } as SpeachEvent];
      spec.given(withCo).when({ type: 'Archive', speachId: s, actor: coEditor }).thenThrows(ForbiddenError);
      spec
        .given(withCo)
        .when({ type: 'Archive', speachId: s, actor: author })
        .then([{ type: 'SpeachArchived', data: { speachId: s } }]);
      const archived = [...withCo, { type: 'SpeachArchived', data: { speachId: s } } as SpeachEvent];
      spec.given(archived).when({ type: 'Archive', speachId: s, actor: admin }).thenThrows(IllegalStateError);
      spec
        .given(archived)
        .when({ type: 'Restore', speachId: s, actor: admin })
        .then([{ type: 'SpeachRestored', data: { speachId: s } }]);
    });
  });

  describe('due date and badge', () => {
    const badged = [created, { type: 'SpeachBadgeConfigured', data: { speachId: s, badge: 'AVANCEMENT' } } as SpeachEvent];
    it('requires a badge and a date from tomorrow', () => {
      spec
        .given([created])
        .when({ type: 'SetDueDate', speachId: s, actor: author, dueDate: '2026-12-31', now: NOW })
        .thenThrows(ValidationError, /requires a badge/);
      spec
        .given(badged)
        .when({ type: 'SetDueDate', speachId: s, actor: author, dueDate: '2026-11-23', now: NOW })
        .thenThrows(ValidationError, /tomorrow or later/);
      spec
        .given(badged)
        .when({ type: 'SetDueDate', speachId: s, actor: author, dueDate: '2026-11-24', now: NOW })
        .then([{ type: 'SpeachDueDateSet', data: { speachId: s, dueDate: '2026-11-24' } }]);
      spec
        .given(badged)
        .when({ type: 'SetDueDate', speachId: s, actor: author, dueDate: '24/11/2026', now: NOW })
        .thenThrows(ValidationError, /YYYY-MM-DD/);
    });
    it('allows clearing, and unpublish-after-due-date only with a due date', () => {
      const dated = [...badged, { type: 'SpeachDueDateSet', data: { speachId: s, dueDate: '2026-12-01' } } as SpeachEvent];
      spec
        .given(dated)
        .when({ type: 'SetDueDate', speachId: s, actor: author, dueDate: null, now: NOW })
        .then([{ type: 'SpeachDueDateSet', data: { speachId: s, dueDate: null } }]);
      spec
        .given(badged)
        .when({ type: 'SetUnpublishAfterDueDate', speachId: s, actor: author, unpublish: true })
        .thenThrows(ValidationError, /due date first/);
      spec
        .given(dated)
        .when({ type: 'SetUnpublishAfterDueDate', speachId: s, actor: author, unpublish: true })
        .then([{ type: 'SpeachUnpublishAfterDueDateSet', data: { speachId: s, unpublish: true } }]);
      spec
        .given(dated)
        .when({ type: 'ConfigureBadge', speachId: s, actor: author, badge: 'NONE' })
        .thenThrows(ValidationError, /clear the due date/);
    });
  });
});

describe('home pins decider', () => {
  const spec = deciderSpec(homePinsDecider);
  const pinned = (id: string) => ({ type: 'SpeachPinnedOnHome' as const, data: { speachId: id } });
  it('pins a public published speach for an admin, once', () => {
    spec
      .given([])
      .when({ type: 'Pin', speachId: 's1', isAdmin: true, eligible: true })
      .then([pinned('s1')]);
    spec
      .given([pinned('s1')])
      .when({ type: 'Pin', speachId: 's1', isAdmin: true, eligible: true })
      .then([]);
    spec.given([]).when({ type: 'Pin', speachId: 's1', isAdmin: false, eligible: true }).thenThrows(ForbiddenError);
    spec
      .given([])
      .when({ type: 'Pin', speachId: 's1', isAdmin: true, eligible: false })
      .thenThrows(IllegalStateError, /public, published/);
  });
  it(`refuses pin number ${MAX_PINNED + 1} in the ${HOME_PINS_STREAM} stream`, () => {
    const ten = Array.from({ length: MAX_PINNED }, (_, i) => pinned(`p${i}`));
    spec
      .given(ten)
      .when({ type: 'Pin', speachId: 's11', isAdmin: true, eligible: true })
      .thenThrows(IllegalStateError, /At most 10/);
    spec
      .given(ten)
      .when({ type: 'Unpin', speachId: 'p3', isAdmin: true })
      .then([{ type: 'SpeachUnpinnedFromHome', data: { speachId: 'p3' } }]);
  });
});

describe('learner decider', () => {
  const spec = deciderSpec(learnerDecider);
  const content = { type: 'QUIZZ' as const, passingScore: 50, questions: quiz([true, false]).questions };
  it('toggles a bookmark', () => {
    spec
      .given([])
      .when({ type: 'ToggleBookmark', userId: 'u', speachId: 's' })
      .then([{ type: 'SpeachBookmarked', data: { speachId: 's', userId: 'u' } }]);
    spec
      .given([{ type: 'SpeachBookmarked', data: { speachId: 's', userId: 'u' } }])
      .when({ type: 'ToggleBookmark', userId: 'u', speachId: 's' })
      .then([{ type: 'SpeachUnbookmarked', data: { speachId: 's', userId: 'u' } }]);
  });
  it('refuses a locked sub-chapter until the previous ones are read', () => {
    spec
      .given([])
      .when({ type: 'ReadChapter', userId: 'u', speachId: 's', chapterId: 'c2', version: 1, requiredBefore: ['c1'], takesAnswers: false })
      .thenThrows(ForbiddenError, /locked/);
    spec
      .given([{ type: 'ChapterRead', data: { speachId: 's', userId: 'u', chapterId: 'c1', version: 1 } }])
      .when({ type: 'ReadChapter', userId: 'u', speachId: 's', chapterId: 'c2', version: 1, requiredBefore: ['c1'], takesAnswers: false })
      .then([{ type: 'ChapterRead', data: { speachId: 's', userId: 'u', chapterId: 'c2', version: 1 } }]);
  });
  it('scores a quiz and refuses unknown or multiple answers on a single-choice question', () => {
    const answer = (answers: Record<string, string[]>) => ({
      type: 'AnswerChapter' as const,
      userId: 'u',
      speachId: 's',
      chapterId: 'c1',
      content,
      answers,
      text: null,
      requiredBefore: [],
    });
    spec
      .given([])
      .when(answer({ q1: ['o0'] }))
      .then([
        {
          type: 'ChapterAnswered',
          data: { speachId: 's', userId: 'u', chapterId: 'c1', contentType: 'QUIZZ', answers: { q1: ['o0'] }, text: null, score: 1, max: 1, passed: true },
        },
      ]);
    spec
      .given([])
      .when(answer({ q1: ['o1'] }))
      .thenEvents((events) => expect(events[0].type === 'ChapterAnswered' && events[0].data.passed).toBe(false));
    spec
      .given([])
      .when(answer({ q1: ['zz'] }))
      .thenThrows(ValidationError, /Unknown answer/);
    spec
      .given([])
      .when(answer({ q1: ['o0', 'o1'] }))
      .thenThrows(ValidationError, /Only one answer/);
    spec
      .given([])
      .when(answer({}))
      .thenThrows(ValidationError, /at least one/);
  });
});

describe('canEdit, the one editing rule of the write side, the read side and the card flags', () => {
  const folded = [created, { type: 'SpeachCoEditorGroupsChanged', data: { speachId: s, groupIds: ['g-team'] } } as SpeachEvent].reduce(
    speachDecider.evolve,
    speachDecider.initialState(),
  );
  /** The read model's document carries the same three fields under the same names. */
  const document = { authorId: author.id, coEditorIds: [] as string[], coEditorGroupIds: ['g-team'] };
  it('lets the author, a co-editing group member with the author role and an admin edit; not a reader of the group', () => {
    if (folded.status === 'none') throw new Error('the speach was created');
    for (const speach of [folded, document]) {
      expect(canEdit(speach, author)).toBe(true);
      expect(canEdit(speach, { ...otherAuthor, groupIds: ['g-team'] })).toBe(true);
      expect(canEdit(speach, admin)).toBe(true);
      expect(canEdit(speach, reader)).toBe(false);
      expect(canEdit(speach, otherAuthor)).toBe(false);
    }
  });
  it('agrees with the decider: an editor it accepts may rename, one it refuses gets 403', () => {
    const spec = deciderSpec(speachDecider);
    const given = [created, { type: 'SpeachCoEditorGroupsChanged', data: { speachId: s, groupIds: ['g-team'] } } as SpeachEvent];
    spec
      .given(given)
      .when({ type: 'ChangeDetails', speachId: s, actor: { ...otherAuthor, groupIds: ['g-team'] }, title: 'Renamed' })
      .then([{ type: 'SpeachDetailsChanged', data: { speachId: s, title: 'Renamed' } }]);
    spec.given(given).when({ type: 'ChangeDetails', speachId: s, actor: reader, title: 'Renamed' }).thenThrows(ForbiddenError);
  });
});
