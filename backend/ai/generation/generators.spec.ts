import type { AiQuizQuestion } from '../../../events';
import type { AiProvider, Completion, CompletionRequest } from '../provider/ai-provider.port';
import { ExtractiveGenerator } from './extractive.generator';
import type { SourceDocument } from './generator';
import { LlmGenerator } from './llm.generator';
import { answerKeyHolds } from './quiz-check';

const TEXT =
  'The operator inspects the forklift before every shift. A forklift must never carry a load above the rated capacity. The battery is charged in a ventilated room away from sparks.';

function document(sections: [string, number, number, number][], pages: number, name = 'manual.pdf'): SourceDocument {
  return {
    jobID: `job-${name}`,
    name,
    number: 1,
    pages: Array.from({ length: pages }, (_, i) => ({ pageNumber: i + 1, text: `Page ${i + 1}. ${TEXT}` })),
    sections: sections.map(([title, level, firstPage, lastPage]) => ({ title, level, firstPage, lastPage })),
  };
}

const planInput = { language: 'en-US', instruction: '', allowReorder: false, generationMode: 'ENHANCED' as const, authorId: 'u1' };

describe('extractive generator', () => {
  const generator = new ExtractiveGenerator(2);

  it('plans chapters from top-level sections and sub-chapters from the ones below, with their pages', async () => {
    const doc = document(
      [
        ['Safety', 1, 1, 1],
        ['Before the shift', 2, 2, 3],
        ['Loads', 2, 4, 4],
        ['Batteries', 1, 5, 6],
      ],
      6,
    );
    const { value: plan, usage } = await generator.plan({ ...planInput, documents: [doc], duration: 'long' });
    expect(plan.chapters.map((c) => [c.title, c.subchapters.map((s) => s.title)])).toEqual([
      ['Safety', ['Safety', 'Before the shift', 'Loads']],
      ['Batteries', ['Batteries']],
    ]);
    expect(plan.chapters[0].subchapters[1].documentPages.map((p) => p.pageNumber)).toEqual([2, 3]);
    expect(plan.chapters[0].subchapters[1].chapterID).toBe(plan.chapters[0].id);
    expect(plan.title).toBe('Safety');
    expect(usage).toMatchObject({ provider: 'extractive-local', model: 'extractive-local', promptTokens: 0 });
    expect(usage.costUnits).toBeCloseTo((usage.characters / 1000) * 2, 3);
  });

  it('a shorter duration merges the smallest neighbours until the count fits, keeping every page', async () => {
    const sections: [string, number, number, number][] = Array.from({ length: 10 }, (_, i) => [`Part ${i + 1}`, 2, i + 1, i + 1]);
    const doc = document([['Manual', 1, 1, 1], ...sections.slice(1)], 10);
    const { value: plan } = await generator.plan({ ...planInput, documents: [doc], duration: 'short' });
    const subchapters = plan.chapters.flatMap((c) => c.subchapters);
    expect(subchapters).toHaveLength(6);
    expect(subchapters.flatMap((s) => s.documentPages.map((p) => p.pageNumber))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('a document without parts becomes one chapter', async () => {
    const { value: plan } = await generator.plan({ ...planInput, documents: [document([], 3, 'notes.txt')], duration: 'short' });
    expect(plan.chapters).toHaveLength(1);
    expect(plan.chapters[0].title).toBe('notes');
  });

  it('chapter content is the source passages, escaped, with where they come from', async () => {
    const { value: html } = await generator.chapter({
      title: 'Loads <1 t>',
      passages: [{ documentName: 'manual.pdf', pageNumber: 4, text: 'Never exceed 1 t.\n\nLoads < 1 t only.' }],
      generationMode: 'STRICT',
      lang: 'en-US',
      instruction: '',
      authorId: 'u1',
    });
    expect(html).toBe('<h2>Loads &lt;1 t&gt;</h2>\n<p>Never exceed 1 t.</p>\n<p>Loads &lt; 1 t only.</p>\n<p><em>Source: manual.pdf, p. 4</em></p>');
  });

  it('quiz questions cite a source sentence and their answer keys hold against it; existing ones are not asked again', async () => {
    const passages = [{ chapterId: 'c1', text: TEXT }];
    const { value: questions } = await generator.quiz({ passages, count: 5, existing: [], lang: 'en-US', authorId: 'u1' });
    expect(questions.length).toBeGreaterThanOrEqual(2);
    for (const q of questions) expect(answerKeyHolds(q, TEXT)).toBe(true);
    expect(new Set(questions.map((q) => q.source.passage)).size).toBe(questions.length);
    const again = await generator.quiz({
      passages,
      count: 5,
      existing: questions.filter((q) => q.kind === 'CLOZE').map((q) => q.text),
      lang: 'en-US',
      authorId: 'u1',
    });
    for (const q of again.value.filter((x) => x.kind === 'CLOZE')) expect(questions.map((x) => x.text)).not.toContain(q.text);
  });
});

describe('answer keys are checked against the cited passage', () => {
  const option = (text: string, correct: boolean) => ({ optionId: text, text, correct });
  const cloze = (
    options: { optionId: string; text: string; correct: boolean }[],
    passage = 'The operator inspects the forklift before every shift.',
  ): AiQuizQuestion => ({
    questionId: 'q',
    text: 'The operator inspects the _____ before every shift.',
    kind: 'CLOZE',
    options,
    source: { chapterId: 'c', passage },
  });

  it('accepts a key the passage says', () => {
    expect(answerKeyHolds(cloze([option('forklift', true), option('battery', false)]), TEXT)).toBe(true);
  });

  it('refuses a wrong key, a passage not in the source, a wrong answer that is also true, two keys', () => {
    expect(answerKeyHolds(cloze([option('battery', true), option('forklift', false)]), TEXT)).toBe(false);
    expect(answerKeyHolds(cloze([option('forklift', true), option('battery', false)], 'The operator inspects the forklift at noon.'), TEXT)).toBe(false);
    expect(answerKeyHolds(cloze([option('forklift', true), option('forklift', false)]), TEXT)).toBe(false);
    expect(answerKeyHolds(cloze([option('forklift', true), option('battery', true)]), TEXT)).toBe(false);
  });

  it("multiple choice: the key uses the passage's words, a wrong answer says what it does not", () => {
    const mc = (correct: string, wrong: string): AiQuizQuestion => ({
      questionId: 'q',
      text: 'Where is the battery charged?',
      kind: 'MULTIPLE_CHOICE',
      options: [option(correct, true), option(wrong, false)],
      source: { chapterId: 'c', passage: 'The battery is charged in a ventilated room away from sparks.' },
    });
    expect(answerKeyHolds(mc('In a ventilated room', 'In the parking lot'), TEXT)).toBe(true);
    expect(answerKeyHolds(mc('In the parking lot', 'In a ventilated room'), TEXT)).toBe(false);
  });
});

/** A provider that answers from a script: the generator under test is the real one. */
class ScriptedProvider implements AiProvider {
  readonly name = 'openai-compatible';
  readonly model = 'scripted';
  readonly requests: CompletionRequest[] = [];
  constructor(private readonly answers: unknown[]) {}
  async complete<T>(request: CompletionRequest): Promise<Completion<T>> {
    this.requests.push(request);
    return {
      value: this.answers.shift() as T,
      usage: { provider: this.name, model: request.model ?? this.model, promptTokens: 10, completionTokens: 5, characters: 0, durationMs: 1, costUnits: 0.025 },
    };
  }
}

describe('LLM generator', () => {
  it("maps the model's plan onto the documents' pages, clamping out-of-range pages and dropping unknown documents", async () => {
    const provider = new ScriptedProvider([
      {
        title: 'Forklifts',
        description: 'A course',
        chapters: [
          {
            title: 'Safety',
            subchapters: [
              { title: 'Checks', documentNumber: 1, firstPage: 2, lastPage: 9 },
              { title: 'Ghost', documentNumber: 7, firstPage: 1, lastPage: 1 },
            ],
          },
          { title: 'Nothing', subchapters: [{ title: 'Ghost', documentNumber: 3, firstPage: 1, lastPage: 1 }] },
        ],
      },
    ]);
    const generator = new LlmGenerator(provider, { plan: 'plan-model', quiz: null }, 1000);
    const { value: plan, promptTemplateVersion } = await generator.plan({
      ...planInput,
      documents: [document([], 3)],
      duration: 'short',
      instruction: 'For new staff',
    });
    expect(plan.chapters).toHaveLength(1);
    expect(plan.chapters[0].subchapters.map((s) => [s.title, s.documentPages.map((p) => p.pageNumber)])).toEqual([['Checks', [2, 3]]]);
    expect(promptTemplateVersion).toBe('plan-v1');
    expect(provider.requests[0]).toMatchObject({ model: 'plan-model', authorId: 'u1', jsonSchema: { name: 'speach_plan' } });
    expect(provider.requests[0].messages[0].content).toContain('Instruction from the author: For new staff');
    expect(provider.requests[0].messages[0].content).toContain('## Page 3');
  });

  it('keeps only the quiz questions whose answer key the cited passage supports', async () => {
    const provider = new ScriptedProvider([
      {
        questions: [
          {
            kind: 'CLOZE',
            text: 'The operator inspects the _____ before every shift.',
            options: [
              { text: 'forklift', correct: true },
              { text: 'battery', correct: false },
            ],
            sourceIndex: 0,
            sourcePassage: 'The operator inspects the forklift before every shift.',
          },
          {
            kind: 'CLOZE',
            text: 'The operator inspects the _____ before every shift.',
            options: [
              { text: 'battery', correct: true },
              { text: 'forklift', correct: false },
            ],
            sourceIndex: 0,
            sourcePassage: 'The operator inspects the forklift before every shift.',
          },
          {
            kind: 'MULTIPLE_CHOICE',
            text: 'Where?',
            options: [
              { text: 'On the moon', correct: true },
              { text: 'In a room', correct: false },
            ],
            sourceIndex: 0,
            sourcePassage: 'Made up sentence.',
          },
        ],
      },
    ]);
    const generator = new LlmGenerator(provider, { plan: null, quiz: 'quiz-model' }, 1000);
    const { value } = await generator.quiz({ passages: [{ chapterId: 'c1', text: TEXT }], count: 3, existing: [], lang: 'fr-FR', authorId: 'u1' });
    expect(value).toHaveLength(1);
    expect(value[0]).toMatchObject({ kind: 'CLOZE', source: { chapterId: 'c1', passage: 'The operator inspects the forklift before every shift.' } });
    expect(provider.requests[0].model).toBe('quiz-model');
  });
});
