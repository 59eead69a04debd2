import { Module } from '@nestjs/common';
import { SpeachModule } from '../speach/speach.module';
import { PathCommands } from './path-commands.service';
import { PathQueries } from './path-queries.service';
import { AdminPathsController, MyPathsController, PathsController } from './paths.controller';

/** Learning paths (issue 18): editor, assignment, publication, the learner's path, progress and certificates. */
@Module({
  imports: [SpeachModule],
  controllers: [PathsController, MyPathsController, AdminPathsController],
  providers: [PathCommands, PathQueries],
  exports: [PathQueries],
})
export class PathsModule {}
