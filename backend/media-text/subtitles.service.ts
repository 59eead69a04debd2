import { Inject, Injectable } from '@nestjs/common';
import { SUBTITLE_LOCALES, type SubtitleLocale, subtitlesStream, uuidv7 } from '../../events';
import { CHAPTER_SUBTITLES, type ChapterSubtitlesDocument, localeName } from '../../projections/subtitles.projection';
import type { Actor } from '../infrastructure/http/actor';
import { MediaJobs } from '../media';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { DomainError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { ChapterLocator, type LocatedChapter } from './chapter-locator';
import { ChapterTokens } from './chapter-tokens';
import { locale, subtitlesDecider } from './subtitles.decider';
import type { EditSubtitleBody, UploadSubtitleBody } from './subtitles.dto';
import type { SubtitleLanguageView, SubtitleSaved, SubtitleTrackDetail, SubtitleTrackView, TranscriptToken, TranscriptView } from './subtitles.view';
import { checkCues, parseSubtitles, renderVtt } from './webvtt';

/** The chapter types a subtitle track goes with: a video or audio the player plays. */
const PLAYABLE = /^(VIDEO|AUDIO|WEBCAM|SCREEN|WEET|WC_PPT)/;

/** The speach's language as a subtitle locale ("fr-FR" → "fr_FR"). */
export function speachLocale(language: string): SubtitleLocale {
  const lang = language.replace('-', '_');
  return (SUBTITLE_LOCALES as readonly string[]).includes(lang) ? (lang as SubtitleLocale) : 'en_US';
}

/** Subtitles per chapter and language (issue 22): upload (WebVTT or SRT), edit, delete, list, and the VTT for `<track>`. */
@Injectable()
export class Subtitles {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly commands: CommandRunner,
    private readonly chapters: ChapterLocator,
    private readonly tokens: ChapterTokens,
    private readonly media: MediaJobs,
  ) {}

  private async document(chapterId: string): Promise<ChapterSubtitlesDocument | null> {
    return this.store.collection<ChapterSubtitlesDocument>(CHAPTER_SUBTITLES).findById(chapterId);
  }

  /** Spec §5: the languages a track may be in, with their names (the editor disables any other). */
  languages(): SubtitleLanguageView[] {
    return SUBTITLE_LOCALES.map((lang) => ({ lang, label: localeName(lang) }));
  }

  /** Spec §7: `[{id, lang, label}]`, plus the signed `src` the player's `<track>` loads. */
  async list(user: Actor, chapterId: string, accessCode?: string): Promise<SubtitleTrackView[]> {
    await this.chapters.readable(user, chapterId, accessCode);
    const doc = await this.document(chapterId);
    const token = this.tokens.issue(chapterId);
    return (doc?.tracks ?? []).map((t) => ({
      id: t.id,
      lang: t.lang,
      label: t.label,
      source: t.source,
      src: `/api/v2/chapter/subtitles/${chapterId}/${t.id}/vtt?token=${token}`,
    }));
  }

  /** One track with its cues, for the editor. */
  async detail(user: Actor, chapterId: string, subtitleId: string): Promise<SubtitleTrackDetail> {
    await this.chapters.editable(user, chapterId);
    const track = (await this.document(chapterId))?.tracks.find((t) => t.id === subtitleId);
    if (!track) throw new NotFoundError('Unknown subtitle');
    return track;
  }

  async upload(user: Actor, chapterId: string, body: UploadSubtitleBody): Promise<SubtitleSaved> {
    const located = await this.playable(await this.chapters.editable(user, chapterId));
    const lang = locale(body.lang);
    const { cues } = parseSubtitles(body.file);
    const label = body.label?.trim() || localeName(lang);
    const subtitleId = uuidv7();
    await this.commands.run(subtitlesDecider, subtitlesStream(chapterId), {
      type: 'AddSubtitle',
      chapterId,
      speachId: located.doc._id,
      subtitleId,
      lang,
      label,
      cues,
    });
    return { id: subtitleId, lang, label, cues: cues.length };
  }

  async edit(user: Actor, chapterId: string, subtitleId: string, body: EditSubtitleBody): Promise<SubtitleSaved> {
    const located = await this.chapters.editable(user, chapterId);
    if (body.label === undefined && body.cues === undefined) throw new ValidationError('cues', 'Send the cues or the label to change');
    const cues = body.cues === undefined ? undefined : checkCues(body.cues);
    const current = (await this.document(chapterId))?.tracks.find((t) => t.id === subtitleId);
    if (!current) throw new NotFoundError('Unknown subtitle');
    await this.commands.run(subtitlesDecider, subtitlesStream(chapterId), {
      type: 'EditSubtitle',
      chapterId,
      speachId: located.doc._id,
      subtitleId,
      label: body.label ?? current.label,
      cues: cues ?? current.cues,
    });
    return { id: subtitleId, lang: current.lang, label: (body.label ?? current.label).trim(), cues: (cues ?? current.cues).length };
  }

  async remove(user: Actor, chapterId: string, subtitleId: string): Promise<void> {
    const located = await this.chapters.editable(user, chapterId);
    await this.commands.run(subtitlesDecider, subtitlesStream(chapterId), { type: 'RemoveSubtitle', chapterId, speachId: located.doc._id, subtitleId });
  }

  /**
   * The voice of a subtitle language (the studio's step 2): each line spoken from its cue's start by the media
   * jobs' text to speech, as the chapter's audio track named after the subtitle. Answers the job id the studio polls.
   */
  async voiceOver(user: Actor, chapterId: string, subtitleId: string): Promise<{ jobID: string }> {
    await this.playable(await this.chapters.editable(user, chapterId));
    const track = (await this.document(chapterId))?.tracks.find((t) => t.id === subtitleId);
    if (!track) throw new NotFoundError('Unknown subtitle');
    const cues = track.cues.map((c) => ({ start: c.start / 1000, end: c.end / 1000, text: c.text }));
    return this.media.requestSubtitleVoice(user, chapterId, subtitleId, cues, track.lang);
  }

  /** The WebVTT file: with the chapter's token (a `<track>` sends no bearer token), or for a session that may read the chapter. */
  async vtt(chapterId: string, subtitleId: string, token: unknown, user: Actor | undefined, accessCode?: string): Promise<string> {
    await this.authorise(chapterId, token, user, accessCode);
    const track = (await this.document(chapterId))?.tracks.find((t) => t.id === subtitleId);
    if (!track) throw new NotFoundError('Unknown subtitle');
    return renderVtt(track.cues);
  }

  /** Spec §7 `/api/transcript/token`: `{token, lng}`, the token opening this chapter's text tracks for a while. */
  async transcriptToken(user: Actor, chapterId: string, accessCode?: string): Promise<TranscriptToken> {
    const located = await this.chapters.readable(user, chapterId, accessCode);
    const doc = await this.document(chapterId);
    return { token: this.tokens.issue(chapterId), lng: doc?.transcriptLang ?? speachLocale(located.doc.language) };
  }

  /** The transcript beside the player: its status, its text and its timed lines (from the track in its language). */
  async transcript(chapterId: string, token: unknown, user: Actor | undefined, accessCode?: string): Promise<TranscriptView> {
    const located = await this.authorise(chapterId, token, user, accessCode);
    const doc = await this.document(chapterId);
    const lng = doc?.transcriptLang ?? speachLocale(located.speachLanguage);
    const track = doc?.tracks.find((t) => t.lang === lng && t.source === 'TRANSCRIPT') ?? doc?.tracks.find((t) => t.lang === lng);
    return {
      lng,
      autoTranscriptStatus: doc?.autoTranscriptStatus ?? (PLAYABLE.test(located.contentType) ? 'NONE' : 'NA'),
      reason: doc?.transcriptReason ?? null,
      text: doc?.transcriptText ?? null,
      cues: track?.cues ?? [],
    };
  }

  private async authorise(chapterId: string, token: unknown, user: Actor | undefined, accessCode?: string) {
    const located = token !== undefined && this.tokens.verify(chapterId, token) ? await this.chapters.locate(chapterId) : null;
    if (located) return { speachLanguage: located.doc.language, contentType: located.content.type };
    if (!user) throw new DomainError('This link has expired: open the chapter again.', 401);
    const read = await this.chapters.readable(user, chapterId, accessCode);
    return { speachLanguage: read.doc.language, contentType: read.content.type };
  }

  private async playable(located: LocatedChapter): Promise<LocatedChapter> {
    if (!PLAYABLE.test(located.content.type)) throw new ValidationError('chapterId', 'Subtitles go with a video or audio chapter');
    return located;
  }
}
