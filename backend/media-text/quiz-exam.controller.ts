import { Controller, Get, Query } from '@nestjs/common';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { ValidationError } from '../infrastructure/decider/decider';
import { ChangesState } from '../infrastructure/http/csrf';
import { SpeachCommands } from '../speach';
import { ChapterLocator } from './chapter-locator';

/** Spec §7 `quizz/do-convert-to-quizz-exam`: the editor's confirmed "make this the final exam" link. */
@Controller('api/v2/quizz')
export class QuizExamController {
  constructor(
    private readonly chapters: ChapterLocator,
    private readonly commands: SpeachCommands,
  ) {}

  /** A GET by the spec that changes state: marked, so a foreign site cannot trigger it (CSRF rule). */
  @Get('do-convert-to-quizz-exam')
  @ChangesState()
  @Roles('FORMATEUR', 'ADMIN')
  async convert(@CurrentUser() user: Actor, @Query('chapterId') chapterId: unknown) {
    if (typeof chapterId !== 'string' || !chapterId.trim() || chapterId.length > 100) throw new ValidationError('chapterId', 'chapterId must name a chapter');
    const { doc } = await this.chapters.editable(user, chapterId);
    await this.commands.run(user, doc._id, [{ type: 'ConvertQuizToExam', chapterId }]);
    return { chapterId, type: 'QUIZZ_EXAMEN' };
  }
}
