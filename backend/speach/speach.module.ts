import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { AccessCodeThrottle } from './access-code-throttle';
import { AdminSpeachController } from './admin-speach.controller';
import { SpeachSettingsController } from './speach-settings.controller';
import { SpeachesRestController } from './speaches-rest.controller';
import { AuthoringController } from './authoring.controller';
import { CardsController } from './cards.controller';
import { DueDateWatcher } from './due-date.watcher';
import { UnpinWithdrawnPolicy } from './policies/unpin-withdrawn.policy';
import { ReadingController } from './reading.controller';
import { ReadingGates } from './reading-gates';
import { WorkflowCards } from './workflow-cards';
import { ShareController } from './share.controller';
import { SpeachAccess } from './speach-access';
import { FileUrls } from './file-urls';
import { CoverController } from './cover.controller';
import { FilesController } from './files.controller';
import { SpeachCommands } from './speach-commands.service';
import { SpeachLists } from './speach-lists.service';
import { SpeachQueries } from './speach-queries.service';

/** Speach authoring, publication, reading and the admin list (issue #4). */
@Module({
  imports: [IdentityModule],
  controllers: [
    AuthoringController,
    CoverController,
    ReadingController,
    FilesController,
    CardsController,
    AdminSpeachController,
    SpeachSettingsController,
    SpeachesRestController,
    ShareController,
  ],
  providers: [
    AccessCodeThrottle,
    DueDateWatcher,
    UnpinWithdrawnPolicy,
    SpeachQueries,
    SpeachAccess,
    FileUrls,
    SpeachCommands,
    SpeachLists,
    ReadingGates,
    WorkflowCards,
  ],
  exports: [SpeachCommands, SpeachQueries, SpeachAccess, ReadingGates, FileUrls, WorkflowCards],
})
export class SpeachModule {}
