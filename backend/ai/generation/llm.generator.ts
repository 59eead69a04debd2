import { type AiPlan, type AiPlanChapter, type AiQuizQuestion, type AiUsage, uuidv7 } from '../../../events';
import type { AiProvider } from '../provider/ai-provider.port';
import { type AiGenerator, type ChapterInput, type Generated, type PlanInput, type QuizInput, SUBCHAPTERS_PER_DURATION } from './generator';
import { answerKeyHolds } from './quiz-check';

const PLAN_TEMPLATE = 'plan-v1';
const CHAPTER_TEMPLATE = 'chapter-v1';
const QUIZ_TEMPLATE = 'quiz-v1';
/** How much source text one prompt carries at most. */
const PROMPT_CHARS = 60_000;

const str = { type: 'string' };
const int = { type: 'integer' };
const object = (properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, required: Object.keys(properties), properties });

export const PLAN_SCHEMA = object({
  title: str,
  description: str,
  chapters: {
    type: 'array',
    minItems: 1,
    items: object({
      title: str,
      subchapters: { type: 'array', minItems: 1, items: object({ title: str, documentNumber: int, firstPage: int, lastPage: int }) },
    }),
  },
});
export const CHAPTER_SCHEMA = object({ html: str });
export const QUIZ_SCHEMA = object({
  questions: {
    type: 'array',
    items: object({
      kind: { type: 'string', enum: ['CLOZE', 'MULTIPLE_CHOICE'] },
      text: str,
      options: { type: 'array', minItems: 2, items: object({ text: str, correct: { type: 'boolean' } }) },
      sourceIndex: int,
      sourcePassage: str,
    }),
  },
});

interface PlanAnswer {
  title: string;
  description: string;
  chapters: { title: string; subchapters: { title: string; documentNumber: number; firstPage: number; lastPage: number }[] }[];
}

const MODE_RULE = {
  STRICT: 'Use only what the source says: no facts, examples or claims that are not in it.',
  ENHANCED: 'Explain and structure the source for learners; you may add short explanations and examples, never contradicting the source.',
};

function excerpt(text: string, budget: number): string {
  return text.length <= budget ? text : `${text.slice(0, budget)}…`;
}

/** Plans, chapters and quizzes from a chat model, each answer held to a JSON schema and checked against the sources. */
export class LlmGenerator implements AiGenerator {
  constructor(
    private readonly provider_: AiProvider,
    private readonly models: { plan: string | null; quiz: string | null },
    private readonly timeoutMs: number,
  ) {}

  get provider(): string {
    return this.provider_.name;
  }

  async plan(input: PlanInput): Promise<Generated<AiPlan>> {
    const pages = input.documents.reduce((n, d) => n + d.pages.length, 0) || 1;
    const perPage = Math.max(200, Math.floor(PROMPT_CHARS / pages));
    const sources = input.documents
      .map((d) =>
        [`# Document ${d.number}: ${d.name} (${d.pages.length} pages)`, ...d.pages.map((p) => `## Page ${p.pageNumber}\n${excerpt(p.text, perPage)}`)].join(
          '\n',
        ),
      )
      .join('\n\n');
    const max = SUBCHAPTERS_PER_DURATION[input.duration];
    const system = [
      'You design the plan of a training course (a "speach") from source documents.',
      `Write the titles and description in ${input.language}.`,
      `The plan has chapters, each with sub-chapters; at most ${max} sub-chapters in all (course duration: ${input.duration}).`,
      'Each sub-chapter names the document number and the first and last page of the source it is made from.',
      input.allowReorder ? 'You may reorder the material for teaching.' : 'Keep the order of the documents and their pages.',
      MODE_RULE[input.generationMode],
    ].join(' ');
    const messages = [
      { role: 'user' as const, content: `${input.instruction ? `Instruction from the author: ${input.instruction}\n\n` : ''}Sources:\n${sources}` },
    ];
    const { value, usage } = await this.provider_.complete<PlanAnswer>({
      system,
      messages,
      jsonSchema: { name: 'speach_plan', schema: PLAN_SCHEMA },
      model: this.models.plan ?? undefined,
      signal: input.signal,
      timeoutMs: this.timeoutMs,
      authorId: input.authorId,
    });
    const byNumber = new Map(input.documents.map((d) => [d.number, d]));
    const chapters: AiPlanChapter[] = [];
    for (const chapter of value.chapters) {
      const id = uuidv7();
      const subchapters = chapter.subchapters.flatMap((s) => {
        const doc = byNumber.get(s.documentNumber);
        if (!doc || doc.pages.length === 0) return [];
        const first = Math.min(Math.max(1, s.firstPage), doc.pages.length);
        const last = Math.min(Math.max(first, s.lastPage), doc.pages.length);
        return [{ title: s.title.slice(0, 255), first, last, doc }];
      });
      if (subchapters.length === 0) continue;
      chapters.push({
        id,
        number: chapters.length + 1,
        title: chapter.title.slice(0, 255),
        subchapters: subchapters.slice(0, max).map((s, i) => ({
          number: i + 1,
          title: s.title,
          id: uuidv7(),
          chapterID: id,
          autoTranscriptStatus: 'NA' as const,
          documentPages: Array.from({ length: s.last - s.first + 1 }, (_, k) => ({
            documentName: s.doc.name,
            documentNumber: s.doc.number,
            pageNumber: s.first + k,
            jobID: s.doc.jobID,
          })),
        })),
      });
    }
    if (chapters.length === 0) throw new Error('The AI plan names no page of the documents');
    const plan: AiPlan = {
      title: value.title.slice(0, 255),
      description: value.description.slice(0, 5000),
      chapters,
      generationOptions: { generationMode: input.generationMode, lang: input.language, customInstruction: input.instruction },
    };
    return { value: plan, usage, model: usage.model, promptTemplateVersion: PLAN_TEMPLATE };
  }

  async chapter(input: ChapterInput): Promise<Generated<string>> {
    const sources = input.passages.map((p) => `## ${p.documentName}, page ${p.pageNumber}\n${p.text}`).join('\n\n');
    const system = [
      'You write the content of one chapter of a training course as simple HTML (h2, h3, p, ul, ol, li, strong, em, table).',
      `Write in ${input.lang}.`,
      MODE_RULE[input.generationMode],
    ].join(' ');
    const { value, usage } = await this.provider_.complete<{ html: string }>({
      system,
      messages: [
        {
          role: 'user',
          content: `Chapter title: ${input.title}\n${input.instruction ? `Instruction from the author: ${input.instruction}\n` : ''}\nSource:\n${excerpt(sources, PROMPT_CHARS)}`,
        },
      ],
      jsonSchema: { name: 'chapter_content', schema: CHAPTER_SCHEMA },
      signal: input.signal,
      timeoutMs: this.timeoutMs,
      authorId: input.authorId,
    });
    return { value: value.html, usage, model: usage.model, promptTemplateVersion: CHAPTER_TEMPLATE };
  }

  async quiz(input: QuizInput): Promise<Generated<AiQuizQuestion[]>> {
    const system = [
      `You write ${input.count} quiz questions in ${input.lang} that test the numbered source passages.`,
      'Each question has one correct option and two or three wrong ones.',
      'CLOZE questions copy one sentence of the source word for word with one key term replaced by "_____"; their options are terms.',
      'MULTIPLE_CHOICE questions ask about one fact; the correct option uses only words of the source sentence, each wrong option states something the source does not.',
      'sourcePassage is the exact sentence of the source the question tests, copied word for word; sourceIndex is its passage number.',
    ].join(' ');
    const passages = input.passages.map((p, i) => `[${i}] ${excerpt(p.text, Math.floor(PROMPT_CHARS / input.passages.length))}`).join('\n\n');
    const existing = input.existing.length ? `\nDo not repeat these questions:\n${input.existing.map((q) => `- ${q}`).join('\n')}` : '';
    const { value, usage } = await this.provider_.complete<{
      questions: {
        kind: 'CLOZE' | 'MULTIPLE_CHOICE';
        text: string;
        options: { text: string; correct: boolean }[];
        sourceIndex: number;
        sourcePassage: string;
      }[];
    }>({
      system,
      messages: [{ role: 'user', content: `Passages:\n${passages}${existing}` }],
      jsonSchema: { name: 'quiz_questions', schema: QUIZ_SCHEMA },
      model: this.models.quiz ?? undefined,
      signal: input.signal,
      timeoutMs: this.timeoutMs,
      authorId: input.authorId,
    });
    const questions: AiQuizQuestion[] = [];
    for (const q of value.questions) {
      const passage = input.passages[q.sourceIndex];
      if (!passage || questions.length >= input.count) continue;
      const question: AiQuizQuestion = {
        questionId: uuidv7(),
        text: q.text,
        kind: q.kind,
        options: q.options.map((o) => ({ optionId: uuidv7(), text: o.text, correct: o.correct })),
        source: { chapterId: passage.chapterId, passage: q.sourcePassage },
      };
      // A question whose answer key the cited passage does not support is dropped, never saved.
      if (answerKeyHolds(question, passage.text)) questions.push(question);
    }
    return { value: questions, usage: usage as AiUsage, model: usage.model, promptTemplateVersion: QUIZ_TEMPLATE };
  }
}
