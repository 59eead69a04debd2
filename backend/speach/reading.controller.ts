import { learnerStream } from '../../events';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { ChapterContent } from '../../events';
import { type ChapterNode, readingOrder } from '../../projections/speaches.projection';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { DomainError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import { scoreQuiz, takesAnswers } from './chapter-content';
import { chapterFacts } from './chapter-facts';
import type { ReadResponse } from './speach-card.view';
import { learnerDecider } from './learner.decider';
import { versionContentHash } from './version-content-hash';
import { AnswerBody, ReadQuery } from './speach.dto';
import { SpeachAccess } from './speach-access';
import { ReadingGates } from './reading-gates';
import { type RegulatedLoad, loadOf, regulatedVersion } from './regulated-load';
import { SpeachQueries } from './speach-queries.service';
import { type Viewer, canView, isEditor, liveVersion, lockedChapterIds, requiredBefore } from './speach-views';
import type { AnswerResult } from './speach-card.view';

export { learnerStream };

/** Reading (spec §2 `/s/…`, `/play/…`): the live version for readers, the draft for editors. */
@Controller()
export class ReadingController {
  constructor(
    private readonly queries: SpeachQueries,
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly access: SpeachAccess,
    private readonly gates: ReadingGates,
  ) {}

  /**
   * The chapters a viewer reads: the live version, or the draft for an editor asking for it (or when nothing is live);
   * with the `_REGULATED` suffix, the version in force for regulated learners, for everyone.
   */
  private async chapters(loadId: string, viewer: Viewer, mode: 'published' | 'draft' = 'published', accessCode?: string) {
    const { speachId, regulated } = loadOf(loadId);
    if (regulated && mode === 'draft') throw new ValidationError('mode', 'The regulated load is a published version: mode must be published');
    const doc = await this.queries.document(speachId);
    const editor = isEditor(doc, viewer);
    if (!canView(doc, viewer)) throw new NotFoundError('Unknown speach');
    const inForce: RegulatedLoad | null = regulated ? regulatedVersion(doc, viewer.now) : null;
    const live = regulated ? (inForce?.version ?? null) : liveVersion(doc, viewer.now);
    if (!regulated && (mode === 'draft' || (!live && editor))) {
      if (!editor) throw new DomainError('You may not read the draft of this speach.', 403);
      return { doc, speachId, nodes: readingOrder(doc.draft), version: null as number | null, contentHash: null as string | null, inForce };
    }
    if (!live) throw new NotFoundError('This speach is not published');
    await this.access.assertCanRead(viewer, doc, accessCode);
    // Other contexts' rules (a sequential path) may hold a learner back; an editor reads freely.
    if (!editor) await this.gates.assertOpen(viewer, speachId);
    const version = await this.queries.version(speachId, live.version);
    const nodes = version?.chapters ?? [];
    return { doc, speachId, nodes, version: live.version, contentHash: versionContentHash(version?.title ?? doc.title, nodes), inForce };
  }

  @Get('api/v2/speach/:id/read')
  async read(@CurrentUser() user: Actor, @Param('id') id: string, @Query() query: ReadQuery): Promise<ReadResponse> {
    const viewer = await this.queries.viewer(user);
    const { doc, speachId, nodes, version, inForce } = await this.chapters(id, viewer, query.mode, query.accessCode);
    const progress = await this.queries.progress(user.id, speachId);
    const read = progress?.readChapterIds ?? [];
    const [speach] = await this.queries.cards([doc], viewer);
    return {
      speach,
      chapters: await this.queries.withMedia(speachId, this.queries.tree(speachId, nodes, false)),
      // The page header's chapter count and estimated duration (issue 17), the cards' own rule.
      facts: chapterFacts(nodes),
      progress: { readChapterIds: read, lastChapterId: progress?.lastChapterId ?? null, quizResults: progress?.quizResults ?? {} },
      lockedChapterIds: lockedChapterIds(nodes, read, doc.lockedSubchapters),
      // Present only on a `_REGULATED` load: which version is in force, and until when.
      ...(inForce && version !== null ? { regulated: { version, inForceUntil: inForce.inForceUntil } } : {}),
    };
  }

  private node(nodes: ChapterNode[], chapterId: string): ChapterNode {
    const node = nodes.find((n) => n.chapterId === chapterId);
    if (!node) throw new NotFoundError('Unknown chapter');
    return node;
  }

  @Post('api/v2/speach/:id/chapters/:chapterId/read')
  @HttpCode(200)
  async markRead(@CurrentUser() user: Actor, @Param('id') id: string, @Param('chapterId') chapterId: string, @Query() query: ReadQuery) {
    const viewer = await this.queries.viewer(user);
    const { doc, speachId, nodes, version, contentHash } = await this.chapters(id, viewer, query.mode, query.accessCode);
    const node = this.node(nodes, chapterId);
    await this.commands.run(learnerDecider, learnerStream(user.id), {
      type: 'ReadChapter',
      userId: user.id,
      speachId,
      chapterId,
      version,
      contentHash,
      requiredBefore: requiredBefore(nodes, chapterId, doc.lockedSubchapters),
      takesAnswers: takesAnswers(node.content as ChapterContent),
    });
    await this.readModels.settled();
    const progress = await this.queries.progress(user.id, speachId);
    return { readChapterIds: progress?.readChapterIds ?? [], lastChapterId: progress?.lastChapterId ?? null };
  }

  @Post('api/v2/speach/:id/chapters/:chapterId/answers')
  @HttpCode(200)
  async answer(
    @CurrentUser() user: Actor,
    @Param('id') id: string,
    @Param('chapterId') chapterId: string,
    @Body() body: AnswerBody,
    @Query() query: ReadQuery,
  ): Promise<AnswerResult> {
    const viewer = await this.queries.viewer(user);
    const { doc, speachId, nodes, version, contentHash } = await this.chapters(id, viewer, query.mode, query.accessCode);
    const node = this.node(nodes, chapterId);
    const answers = body.answers ?? {};
    if (typeof answers !== 'object' || Array.isArray(answers)) throw new ValidationError('answers', 'answers must map question ids to answer ids');
    await this.commands.run(learnerDecider, learnerStream(user.id), {
      type: 'AnswerChapter',
      userId: user.id,
      speachId,
      chapterId,
      content: node.content,
      answers,
      text: body.text ?? null,
      requiredBefore: requiredBefore(nodes, chapterId, doc.lockedSubchapters),
      version,
      contentHash,
    });
    await this.readModels.settled();
    const content = node.content as ChapterContent;
    if (content.type === 'QUIZZ' || content.type === 'QUIZZ_EXAMEN') return scoreQuiz(content, answers);
    return { recorded: true };
  }
}
