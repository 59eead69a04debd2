import type { AiQuizQuestion } from '../../../events';

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/[“”"«»]/g, '"')
    .trim();

export const BLANK = '_____';

/**
 * A question's answer key checked against the passage it cites: the passage must be in the
 * source, the correct answer must be what the passage says, and no wrong answer may be.
 * Cloze: the sentence with the blank filled by the correct answer is in the passage, with any
 * wrong answer it is not. Multiple choice: every word of the correct answer is in the passage; each wrong
 * answer says something the passage does not (a word it lacks) and is not in the source.
 */
export function answerKeyHolds(question: AiQuizQuestion, sourceText: string): boolean {
  const source = normalise(sourceText);
  const passage = normalise(question.source.passage);
  if (!passage || !source.includes(passage)) return false;
  const correct = question.options.filter((o) => o.correct);
  const wrong = question.options.filter((o) => !o.correct);
  if (correct.length !== 1 || wrong.length < 1) return false;
  if (new Set(question.options.map((o) => normalise(o.text))).size !== question.options.length) return false;
  if (question.kind === 'CLOZE') {
    const at = question.text.indexOf(BLANK);
    if (at < 0) return false;
    const fill = (answer: string) => normalise(question.text.slice(0, at) + answer + question.text.slice(at + BLANK.length));
    return passage.includes(fill(correct[0].text)) && wrong.every((o) => !source.includes(fill(o.text)));
  }
  const passageWords = new Set(contentWords(passage));
  const within = (text: string) => contentWords(normalise(text)).every((w) => passageWords.has(w));
  return within(correct[0].text) && contentWords(correct[0].text).length > 0 && wrong.every((o) => !source.includes(normalise(o.text)) && !within(o.text));
}

/** Words that carry the statement (short function words aside). */
function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}'-]*/gu) ?? []).filter((w) => w.length > 3);
}
