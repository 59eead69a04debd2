import { Module } from '@nestjs/common';
import { SpeachModule } from '../speach';
import { PathCommands } from './path-commands.service';
import { PathQueries } from './path-queries.service';
import { AdminPathsController } from './admin-paths.controller';
import { CertificatesController } from './certificates.controller';
import { MyPathsController } from './my-paths.controller';
import { PathsController } from './paths.controller';
import { PathLists } from './path-lists.service';
import { CompletePathPolicy } from './policies/complete-path.policy';
import { IssueCertificatePolicy } from './policies/issue-certificate.policy';
import { PathDueDateRemindersPolicy } from './policies/path-due-date-reminders.policy';
import { RemindRecertificationPolicy } from './policies/remind-recertification.policy';
import { SequentialPathGate } from './sequential-lock';

/** Learning paths (issue 18): editor, assignment, publication, the learner's path, progress and certificates. */
@Module({
  imports: [SpeachModule],
  controllers: [PathsController, MyPathsController, AdminPathsController, CertificatesController],
  providers: [
    PathCommands,
    PathQueries,
    PathLists,
    CompletePathPolicy,
    IssueCertificatePolicy,
    RemindRecertificationPolicy,
    PathDueDateRemindersPolicy,
    SequentialPathGate,
  ],
  exports: [PathQueries],
})
export class PathsModule {}
