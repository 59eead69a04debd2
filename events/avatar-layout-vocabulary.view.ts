/**
 * Spec §3 AI enumerations: the layouts an AI avatar may take beside the content, shared by the avatar events, the
 * learner's layout answer and the player's picker. A view module: it imports nothing
 * (docs/web-shared-and-data-layer.md).
 */
export const AI_AVATAR_LAYOUTS = ['VOICE_ONLY', 'CAMERA_LEFT', 'CAMERA_RIGHT', 'SMALL_CAMERA_LEFT', 'SMALL_CAMERA_RIGHT'] as const;
export type AvatarLayout = (typeof AI_AVATAR_LAYOUTS)[number];
