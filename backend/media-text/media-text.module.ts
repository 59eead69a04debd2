import { Module } from '@nestjs/common';
import { MediaModule } from '../media';
import { SpeachModule } from '../speach';
import { AiAvatarTimeController } from './ai-avatar-time.controller';
import { AiAvatarTime } from './ai-avatar-time.service';
import { AvatarLayoutController } from './avatar-layout.controller';
import { AvatarLayouts } from './avatar-layout.service';
import { ChapterLocator } from './chapter-locator';
import { ChapterTokens } from './chapter-tokens';
import { QuizExamController } from './quiz-exam.controller';
import { SubtitleVoiceController } from './subtitle-voice.controller';
import { SubtitlesController } from './subtitles.controller';
import { Subtitles } from './subtitles.service';
import { TranscribeVideosPolicy } from './transcripts/transcribe-videos.policy';
import { Transcripts } from './transcripts/transcripts.service';

/** Issue 22's text side of media: subtitles, transcripts, version videos, AI avatar accounting, quiz to exam. */
@Module({
  imports: [SpeachModule, MediaModule],
  controllers: [SubtitlesController, SubtitleVoiceController, QuizExamController, AiAvatarTimeController, AvatarLayoutController],
  providers: [ChapterLocator, ChapterTokens, Subtitles, AiAvatarTime, AvatarLayouts, Transcripts, TranscribeVideosPolicy],
  exports: [Subtitles, Transcripts],
})
export class MediaTextModule {}
