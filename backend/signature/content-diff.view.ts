/**
 * What changed between two versions of a speach, chapter by chapter (issue 23 item 3): the answer of the diff calls
 * (the approver's, the versions page's and the audit trail's). A view module: it imports nothing
 * (docs/web-shared-and-data-layer.md).
 */
export interface LineRow {
  kind: 'same' | 'added' | 'removed' | 'changed';
  left: string | null;
  right: string | null;
}

export interface QuestionChange {
  questionId: string;
  kind: 'added' | 'removed' | 'changed';
  before: string | null;
  after: string | null;
}

export interface ChapterChange {
  chapterId: string;
  title: string;
  /** Set when the title changed. */
  previousTitle: string | null;
  moved: { fromParentId: string | null; toParentId: string | null; fromPosition: number; toPosition: number } | null;
  content: { typeBefore: string; typeAfter: string; lines: LineRow[]; questions: QuestionChange[] } | null;
}

export interface ContentDiff {
  titleChanged: { before: string; after: string } | null;
  added: { chapterId: string; parentId: string | null; title: string }[];
  removed: { chapterId: string; parentId: string | null; title: string }[];
  changed: ChapterChange[];
}
