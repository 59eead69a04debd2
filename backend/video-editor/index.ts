/** The video editor context's public face. */
export { videoEditDecider } from './video-edit.decider';
export { VideoEdits, type VideoEditorView } from './video-edits.service';
export { VideoEditorModule } from './video-editor.module';
