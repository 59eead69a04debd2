import { ValidationError } from '../infrastructure/decider/decider';
import { CHAPTER_TITLE_MAX, HTML_MAX, MAX_CHAPTERS, type SpeachCommands, type SpeachDocument, TITLE_MAX } from '../speach';

type EditCommands = Parameters<SpeachCommands['run']>[2];

/**
 * What an embed editor may change (issue 20): the speach title, chapter titles, and the content of chapters
 * that are HTML or still empty. Quizzes, media and structure stay with the full editor, which shows their
 * own controls. Every field is checked here first (a 400 names `chapters[i].field`), then the speach decider
 * decides the commands as one batch: all or nothing.
 */
export function embedEdits(
  doc: SpeachDocument,
  body: { version?: unknown; title?: unknown; chapters?: unknown },
): { commands: EditCommands; version?: number } {
  const { version, title, chapters } = body;
  if (version !== undefined && (!Number.isInteger(version) || (version as number) < 0))
    throw new ValidationError('version', 'version must be the revision last read (an integer)');
  const commands: EditCommands = [];
  if (title !== undefined) {
    if (typeof title !== 'string' || !title.trim()) throw new ValidationError('title', 'title must be a non-empty string');
    if (title.trim().length > TITLE_MAX) throw new ValidationError('title', `title must be at most ${TITLE_MAX} characters`);
    if (title.trim() !== doc.title) commands.push({ type: 'ChangeDetails', title });
  }
  if (chapters !== undefined) {
    if (!Array.isArray(chapters) || chapters.length > MAX_CHAPTERS)
      throw new ValidationError('chapters', `chapters must be a list of at most ${MAX_CHAPTERS} chapter edits`);
    const seen = new Set<string>();
    chapters.forEach((edit: unknown, i) => {
      const field = (name: string) => `chapters[${i}].${name}`;
      if (!edit || typeof edit !== 'object' || Array.isArray(edit)) throw new ValidationError(`chapters[${i}]`, 'each chapter edit must be an object');
      const { chapterId, title: chapterTitle, html } = edit as Record<string, unknown>;
      const chapter = typeof chapterId === 'string' ? doc.draft.chapters[chapterId] : undefined;
      if (!chapter) throw new ValidationError(field('chapterId'), 'Unknown chapter of this speach');
      if (seen.has(chapterId as string)) throw new ValidationError(field('chapterId'), 'The chapter is edited twice');
      seen.add(chapterId as string);
      if (chapterTitle !== undefined) {
        if (typeof chapterTitle !== 'string' || !chapterTitle.trim()) throw new ValidationError(field('title'), 'title must be a non-empty string');
        if (chapterTitle.trim().length > CHAPTER_TITLE_MAX) throw new ValidationError(field('title'), `title must be at most ${CHAPTER_TITLE_MAX} characters`);
        if (chapterTitle.trim() !== chapter.title) commands.push({ type: 'RenameChapter', chapterId: chapterId as string, title: chapterTitle });
      }
      if (html !== undefined) {
        if (typeof html !== 'string') throw new ValidationError(field('html'), 'html must be a string');
        if (html.length > HTML_MAX) throw new ValidationError(field('html'), `html must be at most ${HTML_MAX} characters`);
        if (chapter.content.type !== 'HTML' && chapter.content.type !== 'NONE')
          throw new ValidationError(field('html'), `Only a text chapter can be edited here (this one is ${chapter.content.type})`);
        if (chapter.content.type !== 'HTML' || chapter.content.html !== html)
          commands.push({ type: 'SetChapterContent', chapterId: chapterId as string, content: { type: 'HTML', html } });
      }
    });
  }
  return { commands, ...(version === undefined ? {} : { version: version as number }) };
}
