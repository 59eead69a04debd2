import { Module } from '@nestjs/common';
import { SpeachModule } from '../speach';
import { VideoEditorController } from './video-editor.controller';
import { VideoOverlaysController } from './video-overlays.controller';
import { VideoEdits } from './video-edits.service';

/** The built-in video editor (issue 22): cut decisions, annotations, questions and synchronisation of chapter videos. */
@Module({ imports: [SpeachModule], controllers: [VideoEditorController, VideoOverlaysController], providers: [VideoEdits], exports: [VideoEdits] })
export class VideoEditorModule {}
