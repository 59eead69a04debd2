/** The video editor context's public face. */
export { VideoEditorModule } from './video-editor.module';
export { VideoEdits, type VideoEditorView } from './video-edits.service';
export { videoEditDecider } from './video-edit.decider';
