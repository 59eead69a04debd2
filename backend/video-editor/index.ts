/** The video editor context's public face. */
export type { VideoEditorView } from './video-editor.view';
export { videoEditDecider } from './video-edit.decider';
export { VideoEdits } from './video-edits.service';
export { VideoEditorModule } from './video-editor.module';
