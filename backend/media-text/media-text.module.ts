import { Module } from '@nestjs/common';
import { MediaModule } from '../media';
import { SpeachModule } from '../speach';
import { AiAvatarTimeController } from './ai-avatar-time.controller';
import { AiAvatarTime } from './ai-avatar-time.service';
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
  controllers: [SubtitlesController, SubtitleVoiceController, QuizExamController, AiAvatarTimeController],
  providers: [ChapterLocator, ChapterTokens, Subtitles, AiAvatarTime, Transcripts, TranscribeVideosPolicy],
  exports: [Subtitles, Transcripts],
})
export class MediaTextModule {}
