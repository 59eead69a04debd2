import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles } from '../../infrastructure/http/auth.decorators';
import { type Actor } from '../../infrastructure/http/actor';
import { AcceptsForm } from '../../infrastructure/http/csrf';
import { AiQuiz } from '../quiz/ai-quiz.service';
import { readFields } from './form';

/** Spec §7 "AI quiz" (AI editors on speaches they may edit). */
@Controller('recorder/aiQuizGenerator')
export class AiQuizController {
  constructor(private readonly quiz: AiQuiz) {}

  @Get('questions/:chapterId')
  @Roles('AI_EDITOR')
  questions(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string) {
    return this.quiz.questions(user, chapterId);
  }

  @Get('speachFromChapter/:chapterId')
  @Roles('AI_EDITOR')
  speachFromChapter(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string) {
    return this.quiz.speachFromChapter(user, chapterId);
  }

  @Post('forceTranscript/:subchapterId')
  @Roles('AI_EDITOR')
  @HttpCode(200)
  forceTranscript(@CurrentUser() user: Actor, @Param('subchapterId') subchapterId: string) {
    return this.quiz.forceTranscript(user, subchapterId);
  }

  @Post('generate/:chapterId')
  @AcceptsForm()
  @Roles('AI_EDITOR')
  @HttpCode(200)
  async generate(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Req() request: FastifyRequest) {
    return this.quiz.generate(user, chapterId, await readFields(request));
  }

  @Post('record/:chapterId')
  @Roles('AI_EDITOR')
  @HttpCode(200)
  record(@CurrentUser() user: Actor, @Param('chapterId') chapterId: string, @Body() body: unknown) {
    return this.quiz.record(user, chapterId, body);
  }
}
