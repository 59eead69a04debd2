import { createHash } from 'node:crypto';
import { type AiPlan, type AiPlanChapter, type AiQuizQuestion, type AiUsage, uuidv7 } from '../../../events';
import type { DocumentSection } from '../documents/structure';
import {
  type AiGenerator,
  type ChapterInput,
  type Generated,
  type PlanInput,
  type QuizInput,
  SUBCHAPTERS_PER_DURATION,
  type SourceDocument,
} from './generator';
import { BLANK, answerKeyHolds } from './quiz-check';

export const EXTRACTIVE = 'extractive-local';
const TEMPLATE_VERSION = 'extractive-v1';

interface Unit {
  title: string;
  document: SourceDocument;
  firstPage: number;
  lastPage: number;
}

interface ChapterDraft {
  title: string;
  units: Unit[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const stripExtension = (name: string) => name.replace(/\.[^.]+$/, '');

function chaptersOf(document: SourceDocument): ChapterDraft[] {
  const sections: DocumentSection[] = document.sections.length
    ? document.sections
    : [{ title: stripExtension(document.name), level: 1, firstPage: 1, lastPage: Math.max(1, document.pages.length) }];
  const unit = (s: DocumentSection): Unit => ({ title: s.title, document, firstPage: s.firstPage, lastPage: s.lastPage });
  const top = sections.filter((s) => s.level === Math.min(...sections.map((x) => x.level)));
  if (top.length < 2) return [{ title: top[0]?.title ?? stripExtension(document.name), units: sections.map(unit) }];
  const chapters: ChapterDraft[] = [];
  for (const section of sections) {
    if (section.level === top[0].level || chapters.length === 0) chapters.push({ title: section.title, units: [unit(section)] });
    else chapters[chapters.length - 1].units.push(unit(section));
  }
  return chapters;
}

const span = (u: Unit) => u.lastPage - u.firstPage + 1;

function merge(a: Unit, b: Unit): Unit {
  return { title: a.title, document: a.document, firstPage: Math.min(a.firstPage, b.firstPage), lastPage: Math.max(a.lastPage, b.lastPage) };
}

/** Fewer parts for a shorter course: the smallest neighbours of one document merge until the duration's count is reached. */
function fit(chapters: ChapterDraft[], limit: number): ChapterDraft[] {
  const total = () => chapters.reduce((n, c) => n + c.units.length, 0);
  while (total() > limit) {
    const widest = chapters.filter((c) => c.units.length > 1).sort((a, b) => b.units.length - a.units.length)[0];
    if (widest) {
      let best = 0;
      for (let i = 1; i < widest.units.length - 1; i++)
        if (span(widest.units[i]) + span(widest.units[i + 1]) < span(widest.units[best]) + span(widest.units[best + 1])) best = i;
      widest.units.splice(best, 2, merge(widest.units[best], widest.units[best + 1]));
      continue;
    }
    let best = -1;
    for (let i = 0; i < chapters.length - 1; i++)
      if (chapters[i].units[0].document === chapters[i + 1].units[0].document)
        best = best < 0 || span(chapters[i].units[0]) < span(chapters[best].units[0]) ? i : best;
    if (best < 0) break;
    chapters.splice(best, 2, { title: chapters[best].title, units: [merge(chapters[best].units[0], chapters[best + 1].units[0])] });
  }
  return chapters;
}

function firstSentences(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > max / 3 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
}

function usage(characters: number, started: number, costPer1k: number): AiUsage {
  return {
    provider: EXTRACTIVE,
    model: EXTRACTIVE,
    promptTokens: 0,
    completionTokens: 0,
    characters,
    durationMs: Date.now() - started,
    costUnits: Math.round((characters / 1000) * costPer1k * 1000) / 1000,
  };
}

const STOPWORDS = new Set(
  'about above after again against all also among and any are because been before being below between both but by can could did does doing down during each few for from further had has have having here how into its itself just more most must never not now off once only other our out over own same should some such than that the their them then there these they this those through too under until very was were what when where which while who whom why will with would your you also les des une pour dans avec sont être cette aux par sur plus pas qui que der die das und mit von für eine nicht los las del para con una por como'.split(
    ' ',
  ),
);

function words(text: string): string[] {
  return text.match(/\p{L}[\p{L}'-]*\p{L}/gu) ?? [];
}

function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+(?=\p{Lu}|\d)/u))
    .map((s) => s.trim())
    .filter((s) => s.length >= 30 && s.length <= 300 && /[.!]$/.test(s) && words(s).length >= 5);
}

/** The document's own terms: words long enough to carry meaning, not function words, with their counts. */
function vocabulary(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words(text)) {
    if (word.length < 4 || STOPWORDS.has(word.toLowerCase())) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

function shuffleStable<T>(items: T[], seed: string): T[] {
  const key = (item: T, i: number) =>
    createHash('sha1')
      .update(`${seed}:${i}:${JSON.stringify(item)}`)
      .digest('hex');
  return items
    .map((item, i) => ({ item, k: key(item, i) }))
    .sort((a, b) => (a.k < b.k ? -1 : 1))
    .map((x) => x.item);
}

/**
 * The default without a provider: no model, only the documents. The plan follows the documents'
 * own structure; chapter content is their passages; questions are built from their sentences.
 * Every output says `extractive-local` in its provenance.
 */
export class ExtractiveGenerator implements AiGenerator {
  readonly provider = EXTRACTIVE;

  constructor(private readonly costPer1kCharacters: number) {}

  async plan(input: PlanInput): Promise<Generated<AiPlan>> {
    const started = Date.now();
    const drafts = fit(input.documents.flatMap(chaptersOf), SUBCHAPTERS_PER_DURATION[input.duration]);
    const chapters: AiPlanChapter[] = drafts.map((draft, c) => {
      const id = uuidv7();
      return {
        id,
        number: c + 1,
        title: draft.title.slice(0, 255),
        subchapters: draft.units.map((u, s) => ({
          number: s + 1,
          title: u.title.slice(0, 255),
          id: uuidv7(),
          chapterID: id,
          autoTranscriptStatus: 'NA' as const,
          documentPages: Array.from({ length: span(u) }, (_, i) => ({
            documentName: u.document.name,
            documentNumber: u.document.number,
            pageNumber: u.firstPage + i,
            jobID: u.document.jobID,
          })),
        })),
      };
    });
    const first = input.documents[0];
    const title =
      input.documents.length === 1 ? (first.sections[0]?.title ?? stripExtension(first.name)) : input.documents.map((d) => stripExtension(d.name)).join(', ');
    const description = firstSentences(first?.pages.find((p) => p.text.trim())?.text ?? '', 300);
    const plan: AiPlan = {
      title: title.slice(0, 255) || 'Generated speach',
      description,
      chapters,
      generationOptions: { generationMode: input.generationMode, lang: input.language, customInstruction: input.instruction },
    };
    const characters = input.documents.reduce((n, d) => n + d.pages.reduce((m, p) => m + p.text.length, 0), 0);
    return { value: plan, usage: usage(characters, started, this.costPer1kCharacters), model: EXTRACTIVE, promptTemplateVersion: TEMPLATE_VERSION };
  }

  /** The sub-chapter's source passages, as they are (what STRICT mode asks for), with where they come from. */
  async chapter(input: ChapterInput): Promise<Generated<string>> {
    const started = Date.now();
    const parts = [`<h2>${escapeHtml(input.title)}</h2>`];
    for (const passage of input.passages) {
      for (const paragraph of passage.text
        .split(/\n\s*\n/)
        .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
        .filter(Boolean))
        parts.push(`<p>${escapeHtml(paragraph)}</p>`);
    }
    const sources = [...new Set(input.passages.map((p) => p.documentName))]
      .map(
        (name) =>
          `${escapeHtml(name)}, p. ${input.passages
            .filter((p) => p.documentName === name)
            .map((p) => p.pageNumber)
            .join(', ')}`,
      )
      .join('; ');
    if (sources) parts.push(`<p><em>Source: ${sources}</em></p>`);
    const html = parts.join('\n').slice(0, 190_000);
    const characters = input.passages.reduce((n, p) => n + p.text.length, 0) + html.length;
    return { value: html, usage: usage(characters, started, this.costPer1kCharacters), model: EXTRACTIVE, promptTemplateVersion: TEMPLATE_VERSION };
  }

  async quiz(input: QuizInput): Promise<Generated<AiQuizQuestion[]>> {
    const started = Date.now();
    const allText = input.passages.map((p) => p.text).join('\n');
    const vocab = vocabulary(allText);
    const terms = [...vocab.keys()];
    const asked = new Set(input.existing.map((q) => q.toLowerCase().trim()));
    const candidates = input.passages.flatMap((p) => sentences(p.text).map((sentence) => ({ chapterId: p.chapterId, sentence, sourceText: p.text })));
    const questions: AiQuizQuestion[] = [];
    for (const [i, candidate] of shuffleStable(candidates, 'quiz').entries()) {
      if (questions.length >= input.count) break;
      const own = words(candidate.sentence).filter((w) => vocab.has(w));
      // The sentence's key term: its longest own term (ties: the rarer in the document).
      const term = own.sort((a, b) => b.length - a.length || (vocab.get(a) ?? 0) - (vocab.get(b) ?? 0))[0];
      if (!term) continue;
      const distractors = shuffleStable(
        terms.filter(
          (t) =>
            t.toLowerCase() !== term.toLowerCase() &&
            !candidate.sentence.toLowerCase().includes(t.toLowerCase()) &&
            Math.abs(t.length - term.length) <= 4 &&
            (t[0] === t[0].toUpperCase()) === (term[0] === term[0].toUpperCase()),
        ),
        candidate.sentence,
      ).slice(0, 3);
      if (distractors.length < 2) continue;
      const question = i % 2 === 0 ? this.cloze(candidate, term, distractors) : this.statement(candidate, term, distractors);
      const seen = question.kind === 'CLOZE' ? question.text.toLowerCase() : candidate.sentence.toLowerCase();
      if (asked.has(seen) || asked.has(candidate.sentence.toLowerCase())) continue;
      // Saved only when its answer key holds against the passage it cites.
      if (!answerKeyHolds(question, candidate.sourceText)) continue;
      asked.add(seen).add(candidate.sentence.toLowerCase());
      questions.push(question);
    }
    return { value: questions, usage: usage(allText.length, started, this.costPer1kCharacters), model: EXTRACTIVE, promptTemplateVersion: TEMPLATE_VERSION };
  }

  private cloze(candidate: { chapterId: string; sentence: string }, term: string, distractors: string[]): AiQuizQuestion {
    const at = candidate.sentence.indexOf(term);
    const text = candidate.sentence.slice(0, at) + BLANK + candidate.sentence.slice(at + term.length);
    const options = shuffleStable([term, ...distractors], text).map((t) => ({ optionId: uuidv7(), text: t, correct: t === term }));
    return { questionId: uuidv7(), text, kind: 'CLOZE', options, source: { chapterId: candidate.chapterId, passage: candidate.sentence } };
  }

  /** Which statement the course makes: the source sentence, and the same sentence with its key term swapped for other terms of the document. */
  private statement(candidate: { chapterId: string; sentence: string }, term: string, distractors: string[]): AiQuizQuestion {
    const swapped = distractors.map((d) => candidate.sentence.replace(term, d));
    const options = shuffleStable([candidate.sentence, ...swapped], candidate.sentence).map((t) => ({
      optionId: uuidv7(),
      text: t,
      correct: t === candidate.sentence,
    }));
    return {
      questionId: uuidv7(),
      text: 'Which statement is correct according to the course?',
      kind: 'MULTIPLE_CHOICE',
      options,
      source: { chapterId: candidate.chapterId, passage: candidate.sentence },
    };
  }
}
