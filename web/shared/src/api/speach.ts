/**
 * The speach card and its vocabulary, as the server declares them (backend/speach/speach-card.view.ts,
 * events/speach-vocabulary.view.ts): types only, nothing of the server is bundled.
 */
import type { Badge, SpeachLanguage, Visibility } from '../../../../events/speach-vocabulary.view';
import type { Person, SpeachState } from '../../../../backend/speach/speach-card.view';
import { listOf } from './vocabulary';

export type { Badge, ChapterContent, ContentType, Question, QuestionOption, SpeachLanguage, Visibility } from '../../../../events/speach-vocabulary.view';
export type {
  CardPage,
  AnswerResult,
  ChapterFacts,
  ChapterView,
  DraftSpeach,
  LanguageOption,
  Named,
  Person,
  PublishDetails,
  QuizResult,
  ReadResponse,
  ReadingProgress,
  ScoredQuiz,
  SearchPage,
  ServedFile,
  SpeachCard,
  SpeachState,
  VersionView,
} from '../../../../backend/speach/speach-card.view';

export const SPEACH_STATES = listOf<SpeachState>()(['PUBLIE', 'NON_PUBLIE', 'ARCHIVE']);

export const VISIBILITIES = listOf<Visibility>()(['PUBLIC', 'PRIVE', 'SEMI_PRIVE', 'RESTREINT']);

/** Spec §9 content languages. */
export const SPEACH_LANGUAGES = listOf<SpeachLanguage>()(['en-US', 'en-GB', 'fr-FR', 'es-ES', 'de-DE', 'pt-PT', 'it-IT', 'zh-CN']);

export const BADGES = listOf<Badge>()(['NONE', 'AVANCEMENT', 'RESULTAT', 'FORMATEUR', 'MIX']);

export function personName(p: Pick<Person, 'firstName' | 'lastName'> | null | undefined): string {
  return p ? `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() : '';
}
