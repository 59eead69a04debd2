import { Inject, Injectable } from '@nestjs/common';
import { type PathCompleted, type RecordedEvent, pathLearnerStream } from '../../../events';
import { USERS, type UserDocument } from '../../../projections/users.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BlobStore } from '../../infrastructure/blobs/blob-store';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { Policy, PolicyContext } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { renderCertificate } from '../certificate-pdf';
import { pathLearnerDecider } from '../path-learner.decider';

/**
 * A completed path gets its certificate: the PDF is rendered, kept in the blob store (content-addressed,
 * so a retry stores the same bytes once) and named on the learner's path stream. The learner's name is
 * read from the users read model when rendering and never written into an event.
 */
@Injectable()
export class IssueCertificatePolicy implements Policy<PathCompleted> {
  readonly name = 'issue-path-certificate';
  readonly handles = {
    PathCompleted: (event: RecordedEvent<PathCompleted>, ctx: PolicyContext) => this.react(event, ctx),
  };

  constructor(
    runner: PolicyRunner,
    private readonly commands: CommandRunner,
    private readonly blobs: BlobStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    void runner.register<PathCompleted>(this);
  }

  private async react(event: RecordedEvent<PathCompleted>, ctx: PolicyContext): Promise<void> {
    const d = event.data;
    const user = await this.store.collection<UserDocument>(USERS).findById(d.userId);
    const pdf = await renderCertificate({
      learnerName: user ? `${user.firstName} ${user.lastName}`.trim() : d.userId,
      pathTitle: d.title,
      completedAt: d.completedAt,
      validUntil: d.validUntil,
      speaches: d.speaches,
      certificateCode: d.certificateCode,
      // A printed certificate is read away from the app: the address must work as typed (PUBLIC_URL, as the mails' links).
      verificationUrl: `${this.config.mail.publicUrl}/api/v2/certificates/${d.certificateCode}`,
    });
    const blobId = await this.blobs.put(pdf);
    await ctx.issue('certificate', () =>
      this.commands.run(pathLearnerDecider, pathLearnerStream(d.pathId, d.userId), {
        type: 'IssueCertificate',
        pathId: d.pathId,
        userId: d.userId,
        certificateCode: d.certificateCode,
        blobId,
      }),
    );
  }
}
