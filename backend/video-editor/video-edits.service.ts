import { Inject, Injectable } from '@nestjs/common';
import { type VideoInteraction, type VideoRange, type VideoSyncTarget, uuidv7, videoAnswersStream, videoEditStream } from '../../events';
import { AI_CHAPTERS, type AiChapterDocument } from '../../projections/ai.projection';
import { VIDEO_ANSWERS, VIDEO_EDITS, type VideoAnswersDocument, type VideoEditDocument } from '../../projections/video-edits.projection';
import type { Actor } from '../infrastructure/http/actor';
import { BlobStore } from '../infrastructure/blobs/blob-store';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { ForbiddenError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { ReadModels } from '../infrastructure/read-models';
import { READ_STORE } from '../infrastructure/tokens';
import { type SpeachDocument, SpeachAccess, SpeachQueries, isEditor } from '../speach';
import { videoAnswerDecider } from './video-answer.decider';
import { type ChapterFacts, VIDEO_DURATION_MAX, videoEditDecider } from './video-edit.decider';
import type { VideoAnswerResult, VideoEditorView, VideoOverlaysView } from './video-editor.view';

export const OPTIONS_MAX = 10;
export const OPTION_TEXT_MAX = 300;
const ANNOTATION_DEFAULT_SECONDS = 4;

const MEDIA_TYPES = new Set(['VIDEO_UPLOAD', 'AUDIO_UPLOAD', 'NONE']);

function ranges(raw: unknown): VideoRange[] {
  if (!Array.isArray(raw)) throw new ValidationError('keep', 'keep must be a list of {start, end} ranges in seconds');
  return raw.map((r, i) => {
    const range = r as { start?: unknown; end?: unknown } | null;
    if (typeof range?.start !== 'number') throw new ValidationError(`keep[${i}].start`, `keep[${i}].start must be a number of seconds`);
    if (typeof range.end !== 'number') throw new ValidationError(`keep[${i}].end`, `keep[${i}].end must be a number of seconds`);
    return { start: range.start, end: range.end };
  });
}

function options(raw: unknown): VideoInteraction['options'] {
  if (!Array.isArray(raw) || raw.length < 2 || raw.length > OPTIONS_MAX) throw new ValidationError('options', `options must list 2 to ${OPTIONS_MAX} answers`);
  return raw.map((o, i) => {
    const option = o as { text?: unknown; correct?: unknown } | null;
    const text = typeof option?.text === 'string' ? option.text.trim() : '';
    if (!text || text.length > OPTION_TEXT_MAX)
      throw new ValidationError(`options[${i}].text`, `options[${i}].text must hold 1 to ${OPTION_TEXT_MAX} characters`);
    if (option?.correct !== undefined && typeof option.correct !== 'boolean')
      throw new ValidationError(`options[${i}].correct`, `options[${i}].correct must be true or false`);
    return { optionId: `o${i + 1}`, text, correct: option?.correct === true };
  });
}

/**
 * The built-in video editor (spec §2 "video editor/player wrapper", §7 weet calls): each call validates, then
 * appends once to `video-edit-{chapterId}`. A cut is recorded as a decision; applying it to the file is the
 * media pipeline's job, which reacts to `ChapterVideoCutRequested`.
 */
@Injectable()
export class VideoEdits {
  constructor(
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly speaches: SpeachQueries,
    private readonly access: SpeachAccess,
    private readonly blobs: BlobStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  private edits() {
    return this.store.collection<VideoEditDocument>(VIDEO_EDITS);
  }

  /** The speach holding a chapter; 404 when unknown to the caller. */
  private async speachOf(chapterId: string): Promise<SpeachDocument> {
    const found = typeof chapterId === 'string' ? await this.store.collection<AiChapterDocument>(AI_CHAPTERS).findById(chapterId) : null;
    if (!found) throw new NotFoundError('Unknown chapter');
    const doc = await this.speaches.document(found.speachId);
    if (!doc.draft.chapters[chapterId]) throw new NotFoundError('Unknown chapter');
    return doc;
  }

  /** A chapter the caller may edit, and a media one (or one still without content, which the editor turns into a video). */
  private async editable(user: Actor, chapterId: string) {
    const doc = await this.speachOf(chapterId);
    if (!isEditor(doc, await this.speaches.viewer(user))) throw new ForbiddenError('You may not edit this speach.');
    const content = doc.draft.chapters[chapterId].content ?? { type: 'NONE' };
    if (!MEDIA_TYPES.has(content.type)) throw new ValidationError('chapterId', 'The video editor works on a video or audio chapter');
    const edit = await this.edits().findById(chapterId);
    const facts: ChapterFacts = { speachId: doc._id, videoDuration: edit?.duration ?? null };
    return { doc, content, edit, facts };
  }

  private async run(chapterId: string, command: Parameters<typeof videoEditDecider.decide>[0]): Promise<void> {
    await this.commands.run(videoEditDecider, videoEditStream(chapterId), command);
    await this.readModels.settled();
  }

  /** Spec §7: the editor URL of a chapter; the client appends `initID`. */
  async editingUrl(user: Actor, chapterId: string): Promise<string> {
    await this.editable(user, chapterId);
    return `/recorder/video-editor/${encodeURIComponent(chapterId)}?`;
  }

  async view(user: Actor, chapterId: string): Promise<VideoEditorView> {
    const { doc, content, edit } = await this.editable(user, chapterId);
    const hasFile = (content.type === 'VIDEO_UPLOAD' || content.type === 'AUDIO_UPLOAD') && !!(content as { file?: unknown }).file;
    return {
      chapterId,
      speachId: doc._id,
      title: doc.draft.chapters[chapterId].title,
      contentType: content.type,
      hasVideo: hasFile || !!edit?.weetId,
      weetId: edit?.weetId ?? null,
      duration: edit?.duration ?? null,
      silent: edit?.silent ?? false,
      synchronisedWith: edit?.synchronisedWith ?? null,
      annotations: edit?.annotations ?? [],
      interactions: edit?.interactions ?? [],
      cuts: edit?.cuts ?? [],
    };
  }

  /** Spec §7 weet / silenceWeet: the video the editor made (a stored file) becomes the chapter's, with its duration. */
  async register(user: Actor, body: { weetID: string; duration: number; chapitreId: string }, silent: boolean): Promise<VideoEditorView> {
    const { facts } = await this.editable(user, body.chapitreId);
    if (!(await this.blobs.get(body.weetID))) throw new ValidationError('weetID', 'weetID must name a stored video file');
    if (body.duration <= 0 || body.duration > VIDEO_DURATION_MAX)
      throw new ValidationError('duration', `duration must be above 0 and at most ${VIDEO_DURATION_MAX} seconds`);
    await this.run(body.chapitreId, {
      type: 'RegisterChapterVideo',
      chapterId: body.chapitreId,
      weetId: body.weetID,
      duration: body.duration,
      silent,
      by: user.id,
      facts,
    });
    return this.view(user, body.chapitreId);
  }

  async cut(user: Actor, chapterId: string, keep: unknown): Promise<VideoEditorView> {
    const { facts } = await this.editable(user, chapterId);
    await this.run(chapterId, { type: 'RequestVideoCut', chapterId, cutId: uuidv7(), keep: ranges(keep), by: user.id, facts });
    return this.view(user, chapterId);
  }

  async annotate(user: Actor, chapterId: string, body: { at: number; duration?: number; text: string }): Promise<VideoEditorView> {
    const { facts } = await this.editable(user, chapterId);
    const duration = body.duration ?? Math.min(ANNOTATION_DEFAULT_SECONDS, facts.videoDuration ?? ANNOTATION_DEFAULT_SECONDS);
    await this.run(chapterId, { type: 'AnnotateVideo', chapterId, annotationId: uuidv7(), at: body.at, duration, text: body.text, by: user.id, facts });
    return this.view(user, chapterId);
  }

  async removeAnnotation(user: Actor, chapterId: string, annotationId: string): Promise<VideoEditorView> {
    await this.editable(user, chapterId);
    await this.run(chapterId, { type: 'RemoveVideoAnnotation', chapterId, annotationId, by: user.id });
    return this.view(user, chapterId);
  }

  async addInteraction(user: Actor, chapterId: string, body: { at: number; question: string; multiple?: boolean; options: unknown }): Promise<VideoEditorView> {
    const { facts } = await this.editable(user, chapterId);
    const interaction: VideoInteraction = {
      interactionId: uuidv7(),
      at: body.at,
      question: body.question.trim(),
      multiple: body.multiple ?? false,
      options: options(body.options),
    };
    if (!interaction.question) throw new ValidationError('question', 'question must not be empty');
    await this.run(chapterId, { type: 'AddVideoInteraction', chapterId, interaction, by: user.id, facts });
    return this.view(user, chapterId);
  }

  async removeInteraction(user: Actor, chapterId: string, interactionId: string): Promise<VideoEditorView> {
    await this.editable(user, chapterId);
    await this.run(chapterId, { type: 'RemoveVideoInteraction', chapterId, interactionId, by: user.id });
    return this.view(user, chapterId);
  }

  async synchronise(user: Actor, chapterId: string, target: VideoSyncTarget): Promise<VideoEditorView> {
    const { facts } = await this.editable(user, chapterId);
    await this.run(chapterId, { type: 'SynchroniseVideo', chapterId, target, by: user.id, facts });
    return this.view(user, chapterId);
  }

  /** What the learner's player overlays: annotations, and questions without their right answers (plus the reader's own answers). */
  async overlays(user: Actor, chapterId: string, accessCode?: string): Promise<VideoOverlaysView> {
    const doc = await this.speachOf(chapterId);
    await this.access.assertCanRead(await this.speaches.viewer(user), doc, accessCode);
    const edit = await this.edits().findById(chapterId);
    const mine = await this.store.collection<VideoAnswersDocument>(VIDEO_ANSWERS).findById(`${chapterId}:${user.id}`);
    return {
      annotations: (edit?.annotations ?? []).map(({ annotationId, at, duration, text }) => ({ annotationId, at, duration, text })),
      interactions: (edit?.interactions ?? []).map((i) => ({
        interactionId: i.interactionId,
        at: i.at,
        question: i.question,
        multiple: i.multiple,
        options: i.options.map(({ optionId, text }) => ({ optionId, text })),
      })),
      answers: mine?.answers ?? {},
    };
  }

  /** A reader answers a question of the video: recorded in their own stream, scored like a quiz answer. */
  async answer(user: Actor, chapterId: string, body: { interactionId: string; answers: string[] }, accessCode?: string): Promise<VideoAnswerResult> {
    const doc = await this.speachOf(chapterId);
    await this.access.assertCanRead(await this.speaches.viewer(user), doc, accessCode);
    const interaction = (await this.edits().findById(chapterId))?.interactions.find((i) => i.interactionId === body.interactionId);
    if (!interaction) throw new NotFoundError('Unknown question');
    const result = await this.commands.run(videoAnswerDecider, videoAnswersStream(chapterId, user.id), {
      type: 'AnswerVideoInteraction',
      chapterId,
      speachId: doc._id,
      userId: user.id,
      interaction,
      answers: body.answers,
    });
    await this.readModels.settled();
    const correct = result.events.at(-1)?.data.correct ?? false;
    return { correct, rightAnswers: interaction.options.filter((o) => o.correct).map((o) => o.optionId) };
  }
}
