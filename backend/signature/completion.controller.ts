import { Body, Controller, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import type { ChapterContent, SignatureRecord } from '../../events';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { NotFoundError } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { SpeachAccess, SpeachQueries, learnerDecider, learnerStream, liveVersion, ReadQuery } from '../speach';
import { CompleteBody } from './signature.dto';
import { isRegulated, versionContentHash } from './signed-content';
import { Signatures } from './signatures.service';
import { withPrintedNames } from './printed-names';
import type { CompletionView } from './completion.view';

/** The session that signed is the signer's own secret's hash: the answer leaves it out, like every read of the record. */
const signatureShown = ({ sessionId: _sessionId, ...record }: SignatureRecord) => record;

/** A quiz counts once passed; every other chapter once read. */
const MUST_PASS = new Set<ChapterContent['type']>(['QUIZZ', 'QUIZZ_EXAMEN']);

/**
 * The learner's completion of the version in force (issue 23): every chapter read and every quiz
 * passed; a GMP-regulated speach's completion is signed (meaning `trained`) on that version's hash.
 */
@Controller()
export class CompletionController {
  constructor(
    private readonly queries: SpeachQueries,
    private readonly access: SpeachAccess,
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly signatures: Signatures,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  @Post('api/v2/speach/:speachId/complete')
  @HttpCode(200)
  async complete(
    @CurrentUser() user: Actor,
    @Param('speachId') speachId: string,
    @Body() body: CompleteBody,
    @Query() query: ReadQuery,
  ): Promise<CompletionView> {
    const viewer = await this.queries.viewer(user);
    const doc = await this.access.readable(speachId, viewer, query.accessCode);
    const live = liveVersion(doc, viewer.now);
    const version = live ? await this.queries.version(speachId, live.version) : null;
    if (!version) throw new NotFoundError('This speach is not published');
    const contentHash = versionContentHash(version);
    // A chapter with sub-chapters is a heading: its sub-chapters are what a reader opens and reads.
    const headings = new Set(version.chapters.map((c) => c.parentId).filter((id): id is string => id !== null));
    const regulated = await isRegulated(this.store, speachId);
    const signature = await this.signatures.sign(user, body.signature, { speachId, meaning: 'trained', contentHash, version: version.version, regulated });
    await this.commands.run(learnerDecider, learnerStream(user.id), {
      type: 'CompleteTraining',
      userId: user.id,
      speachId,
      version: version.version,
      contentHash,
      chapters: version.chapters.filter((c) => !headings.has(c.chapterId)).map((c) => ({ chapterId: c.chapterId, mustPass: MUST_PASS.has(c.content.type) })),
      regulated,
      signature,
      now: this.clock.now().toISOString(),
    });
    await this.readModels.settled();
    const [shown = null] = signature ? await withPrintedNames(this.store, [signatureShown(signature)]) : [];
    return { speachId, version: version.version, contentHash, completedAt: signature?.signedAt ?? this.clock.now().toISOString(), signature: shown };
  }
}
