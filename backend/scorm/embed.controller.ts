import { createHash } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import type { ChapterContent } from '../../events';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { roleFlags, type Actor } from '../infrastructure/http/actor';
import { CurrentUser, Public, Roles } from '../infrastructure/http/auth.decorators';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { DomainError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { ReadModels } from '../infrastructure/read-models';
import { READ_STORE } from '../infrastructure/tokens';
import {
  type ChapterNode,
  SpeachAccess,
  SpeachCommands,
  SpeachQueries,
  type Viewer,
  learnerDecider,
  liveVersion,
  learnerStream,
  readingOrder,
  requiredBefore,
  scoreQuiz,
  takesAnswers,
  versionContentHash,
} from '../speach';
import { type EmbedGrant, EmbedTokens } from './embed-tokens.service';
import { embedEdits } from './embed-edits';
import type { EmbedDraftView, EmbedReadChapters, EmbedReadView, ScoredQuiz } from './embed.view';
import { EmbedAnswerBody, EmbedEditBody, EmbedQuery, IssueTokenBody, TokenListQuery } from './scorm.dto';

const DEFAULT_TOKEN_DAYS = 30;

/**
 * Embed access tokens (issued and revoked by the speach's editors) and the calls the embed player and
 * editor make with them (spec §2 embed URLs). The token is the only credential of those calls: no
 * session is read or opened, and each call re-checks the token (revoked or expired tokens stop at once).
 */
@Controller('api/v2/embed')
export class EmbedController {
  constructor(
    private readonly tokens: EmbedTokens,
    private readonly access: SpeachAccess,
    private readonly queries: SpeachQueries,
    private readonly commands: CommandRunner,
    private readonly speachCommands: SpeachCommands,
    private readonly readModels: ReadModels,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /** Only the speach's editors (its author, co-editors, administrators) hand out access to it. */
  private async assertEditor(user: Actor, speachId: string) {
    const viewer = await this.queries.viewer(user);
    const doc = await this.queries.document(speachId);
    const card = await this.queries.cards([doc], viewer);
    if (!card[0]?.canEdit) throw new DomainError('Only the editors of this speach may manage its access tokens.', 403);
    return viewer;
  }

  @Post('tokens')
  @Roles('ADMIN', 'FORMATEUR')
  async issue(@CurrentUser() user: Actor, @Body() body: IssueTokenBody) {
    await this.assertEditor(user, body.speachId);
    const expiresAt = body.expiresAt
      ? new Date(body.expiresAt).toISOString()
      : new Date(this.clock.now().getTime() + DEFAULT_TOKEN_DAYS * 86_400_000).toISOString();
    return this.tokens.issue(user.id, body.speachId, body.purpose, expiresAt);
  }

  @Get('tokens')
  @Roles('ADMIN', 'FORMATEUR')
  async list(@CurrentUser() user: Actor, @Query() query: TokenListQuery) {
    await this.assertEditor(user, query.speachId);
    return this.tokens.list(query.speachId);
  }

  @Delete('tokens/:tokenId')
  @Roles('ADMIN', 'FORMATEUR')
  @HttpCode(204)
  async revoke(@CurrentUser() user: Actor, @Param('tokenId') tokenId: string) {
    if (!/^[0-9a-f]{64}$/.test(tokenId)) throw new ValidationError('tokenId', 'tokenId must be a token id (64 hex characters)');
    await this.tokens.revoke(tokenId, { userId: user.id, isAdmin: user.roles.includes('ADMIN') });
  }

  /** The issuer as a viewer: a token reads what its issuer may read, no more, and nothing once they may not. */
  private async issuer(grant: EmbedGrant): Promise<Viewer> {
    const user = await this.store.collection<UserDocument>(USERS).findById(grant.issuedBy);
    if (!user || !user.active)
      throw new DomainError('The member who issued this access token is no longer active.', 403, [{ field: 'access_token', reason: 'issuer inactive' }]);
    return {
      id: user._id,
      ...roleFlags(user.roles),
      groupIds: user.groupIds,
      now: this.clock.now().toISOString(),
    };
  }

  /**
   * The reader inside the LMS: one learner stream per token and LMS learner id (hashed: the LMS's id for a
   * person is not kept), so reads and quiz scores land in our analytics like any reader's.
   */
  private learnerId(grant: EmbedGrant, learner: string | undefined): string {
    return `embed-${createHash('sha256')
      .update(`${grant.tokenId}|${learner ?? ''}`)
      .digest('hex')
      .slice(0, 32)}`;
  }

  private async readable(id: string, query: EmbedQuery) {
    const grant = await this.tokens.grant(query.access_token, id, 'read');
    const issuer = await this.issuer(grant);
    const doc = await this.access.readableByGrant(id, { speachId: grant.speachId, issuer });
    const live = liveVersion(doc, issuer.now)!;
    const version = await this.queries.version(id, live.version);
    const nodes = (version?.chapters ?? []) as ChapterNode[];
    return {
      grant,
      doc,
      nodes,
      version: live.version,
      contentHash: versionContentHash(version?.title ?? doc.title, nodes),
      userId: this.learnerId(grant, query.learner),
    };
  }

  @Public()
  @Get('speach/:id')
  async read(@Param('id') id: string, @Query() query: EmbedQuery): Promise<EmbedReadView> {
    const { doc, nodes, version, userId } = await this.readable(id, query);
    const progress = await this.queries.progress(userId, id);
    return {
      speach: { id: doc._id, title: doc.title, language: doc.language, lockedSubchapters: doc.lockedSubchapters },
      version,
      chapters: this.queries.tree(id, nodes, false),
      progress: { readChapterIds: progress?.readChapterIds ?? [], quizResults: progress?.quizResults ?? {} },
    };
  }

  private node(nodes: ChapterNode[], chapterId: string): ChapterNode {
    const node = nodes.find((n) => n.chapterId === chapterId);
    if (!node) throw new NotFoundError('Unknown chapter');
    return node;
  }

  @Public()
  @Post('speach/:id/chapters/:chapterId/read')
  @HttpCode(200)
  async markRead(@Param('id') id: string, @Param('chapterId') chapterId: string, @Query() query: EmbedQuery): Promise<EmbedReadChapters> {
    const { doc, nodes, version, contentHash, userId } = await this.readable(id, query);
    const node = this.node(nodes, chapterId);
    await this.commands.run(learnerDecider, learnerStream(userId), {
      type: 'ReadChapter',
      userId,
      speachId: id,
      chapterId,
      version,
      contentHash,
      requiredBefore: requiredBefore(nodes, chapterId, doc.lockedSubchapters),
      takesAnswers: takesAnswers(node.content as ChapterContent),
    });
    await this.readModels.settled();
    const progress = await this.queries.progress(userId, id);
    return { readChapterIds: progress?.readChapterIds ?? [] };
  }

  @Public()
  @Post('speach/:id/chapters/:chapterId/answers')
  @HttpCode(200)
  async answer(@Param('id') id: string, @Param('chapterId') chapterId: string, @Query() query: EmbedQuery, @Body() body: EmbedAnswerBody): Promise<ScoredQuiz> {
    const { doc, nodes, version, contentHash, userId } = await this.readable(id, query);
    const node = this.node(nodes, chapterId);
    const content = node.content as ChapterContent;
    if (content.type !== 'QUIZZ' && content.type !== 'QUIZZ_EXAMEN') throw new ValidationError('chapterId', 'Only a quiz can be answered through the embed');
    const answers = body.answers ?? {};
    if (
      typeof answers !== 'object' ||
      Array.isArray(answers) ||
      Object.values(answers).some((v) => !Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    ) {
      throw new ValidationError('answers', 'answers must map question ids to lists of answer ids');
    }
    await this.commands.run(learnerDecider, learnerStream(userId), {
      type: 'AnswerChapter',
      userId,
      speachId: id,
      chapterId,
      content,
      answers,
      text: null,
      requiredBefore: requiredBefore(nodes, chapterId, doc.lockedSubchapters),
      version,
      contentHash,
    });
    await this.readModels.settled();
    return scoreQuiz(content, answers);
  }

  /** The issuer of an `edit` token, refused once they may no longer edit the speach. */
  private async editor(id: string, query: EmbedQuery) {
    // An unknown speach is a 404 whatever the token: ids are random, so this tells a caller nothing useful.
    const doc = await this.queries.document(id);
    const grant = await this.tokens.grant(query.access_token, id, 'edit');
    const issuer = await this.issuer(grant);
    const [card] = await this.queries.cards([doc], issuer);
    if (!card?.canEdit)
      throw new DomainError('The member who issued this access token may no longer edit this speach.', 403, [
        { field: 'access_token', reason: 'issuer not an editor' },
      ]);
    return { issuer, doc };
  }

  /** The editor's view through an `edit` token: the draft, read as the issuer (who must still be an editor). */
  @Public()
  @Get('edit/:id')
  async draft(@Param('id') id: string, @Query() query: EmbedQuery): Promise<EmbedDraftView> {
    const { doc } = await this.editor(id, query);
    return {
      speach: { id: doc._id, title: doc.title, language: doc.language, revision: doc.revision },
      chapters: this.queries.tree(id, readingOrder(doc.draft), true),
    };
  }

  /**
   * The embed editor's save: the title, chapter titles and HTML contents of the draft, decided by the
   * speach decider as one decision. The token's issuer is the acting editor, so the events carry their id
   * as the actor, exactly as if they had saved in the normal editor. `version` guards stale edits.
   */
  @Public()
  @Put('edit/:id')
  async edit(@Param('id') id: string, @Query() query: EmbedQuery, @Body() body: EmbedEditBody): Promise<EmbedDraftView> {
    const { issuer, doc } = await this.editor(id, query);
    const { commands, version } = embedEdits(doc, body);
    if (commands.length) await this.speachCommands.run(issuer, id, commands, version);
    const saved = await this.queries.document(id);
    return {
      speach: { id: saved._id, title: saved.title, language: saved.language, revision: saved.revision },
      chapters: this.queries.tree(id, readingOrder(saved.draft), true),
    };
  }
}
