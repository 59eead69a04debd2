import type { ChapterContent, Question } from '../../events';

/** One chapter as compared: its place in the tree and its content. */
export interface DiffChapter {
  chapterId: string;
  parentId: string | null;
  title: string;
  content: ChapterContent;
}

export type { ChapterChange, ContentDiff, LineRow, QuestionChange } from './content-diff.view';
import type { ChapterChange, ContentDiff, LineRow, QuestionChange } from './content-diff.view';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** HTML as the lines a reader sees: one per block (paragraph, heading, list item, line break), tags dropped. */
export function htmlToLines(html: string): string[] {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/blockquote|\/pre)\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name])
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** The text a content shows, as lines (quiz questions are compared one by one besides). */
function contentLines(content: ChapterContent): string[] {
  switch (content.type) {
    case 'HTML':
      return htmlToLines(content.html);
    case 'EMBED':
    case 'PDF_URL':
      return [content.url];
    case 'VIDEO_UPLOAD':
    case 'AUDIO_UPLOAD':
    case 'PDF_UPLOAD':
      return [`${content.file.name} (${content.file.size} bytes)`];
    case 'QUESTION_OUVERTE':
      return htmlToLines(content.question);
    case 'REUSSITE':
      return htmlToLines(content.message);
    case 'QUIZZ':
    case 'QUIZZ_EXAMEN':
      return [`passingScore: ${content.passingScore}`];
    default:
      return [];
  }
}

/** Side-by-side rows from a longest-common-subsequence alignment; a removal followed by an addition reads as a change. */
export function lineDiff(before: string[], after: string[]): LineRow[] {
  const n = before.length;
  const m = after.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = before[i] === after[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const raw: LineRow[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) raw.push({ kind: 'same', left: before[i++], right: after[j++] });
    else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) raw.push({ kind: 'removed', left: before[i++], right: null });
    else raw.push({ kind: 'added', left: null, right: after[j++] });
  }
  const rows: LineRow[] = [];
  for (const row of raw) {
    const last = rows[rows.length - 1];
    if (row.kind === 'added' && last?.kind === 'removed') rows[rows.length - 1] = { kind: 'changed', left: last.left, right: row.right };
    else rows.push(row);
  }
  return rows;
}

const questionText = (q: Question) =>
  `${q.text} [${q.options.map((o) => `${o.correct ? '✓' : '·'} ${o.text}`).join(' | ')}]${q.multiple ? ' (multiple)' : ''} (${q.points} pt)`;

function questionDiff(before: ChapterContent, after: ChapterContent): QuestionChange[] {
  const list = (c: ChapterContent): Question[] => ('questions' in c ? c.questions : []);
  const old = new Map(list(before).map((q) => [q.questionId, q]));
  const now = new Map(list(after).map((q) => [q.questionId, q]));
  const changes: QuestionChange[] = [];
  for (const [id, q] of old) {
    const next = now.get(id);
    if (!next) changes.push({ questionId: id, kind: 'removed', before: questionText(q), after: null });
    else if (questionText(q) !== questionText(next)) changes.push({ questionId: id, kind: 'changed', before: questionText(q), after: questionText(next) });
  }
  for (const [id, q] of now) if (!old.has(id)) changes.push({ questionId: id, kind: 'added', before: null, after: questionText(q) });
  return changes;
}

function positions(chapters: DiffChapter[]): Map<string, number> {
  const next = new Map<string | null, number>();
  const out = new Map<string, number>();
  for (const c of chapters) {
    const index = next.get(c.parentId) ?? 0;
    out.set(c.chapterId, index);
    next.set(c.parentId, index + 1);
  }
  return out;
}

/** Chapters and sub-chapters added, removed, moved, renamed, and per content what changed (issue 23 item 3). */
export function contentDiff(from: { title: string; chapters: DiffChapter[] }, to: { title: string; chapters: DiffChapter[] }): ContentDiff {
  const before = new Map(from.chapters.map((c) => [c.chapterId, c]));
  const after = new Map(to.chapters.map((c) => [c.chapterId, c]));
  // Positions among the chapters both sides share: an insertion before a chapter does not move it.
  const fromPositions = positions(from.chapters.filter((c) => after.has(c.chapterId)));
  const toPositions = positions(to.chapters.filter((c) => before.has(c.chapterId)));
  const changed: ChapterChange[] = [];
  for (const next of to.chapters) {
    const old = before.get(next.chapterId);
    if (!old) continue;
    const fromPosition = fromPositions.get(old.chapterId)!;
    const toPosition = toPositions.get(next.chapterId)!;
    const moved =
      old.parentId !== next.parentId || fromPosition !== toPosition
        ? { fromParentId: old.parentId, toParentId: next.parentId, fromPosition, toPosition }
        : null;
    const content =
      JSON.stringify(old.content) === JSON.stringify(next.content)
        ? null
        : {
            typeBefore: old.content.type,
            typeAfter: next.content.type,
            lines: lineDiff(contentLines(old.content), contentLines(next.content)),
            questions: questionDiff(old.content, next.content),
          };
    if (moved || content || old.title !== next.title)
      changed.push({ chapterId: next.chapterId, title: next.title, previousTitle: old.title !== next.title ? old.title : null, moved, content });
  }
  const brief = (c: DiffChapter) => ({ chapterId: c.chapterId, parentId: c.parentId, title: c.title });
  return {
    titleChanged: from.title !== to.title ? { before: from.title, after: to.title } : null,
    added: to.chapters.filter((c) => !before.has(c.chapterId)).map(brief),
    removed: from.chapters.filter((c) => !after.has(c.chapterId)).map(brief),
    changed,
  };
}
