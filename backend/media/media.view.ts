/**
 * What the media calls answer (spec §7 "Voice-over and chapters"). A view module: it imports only other view modules
 * (docs/web-shared-and-data-layer.md).
 */

/** `GET versioning/logs/{logId}/video`: a published version's video, PREPARING until its join job is done. */
export type VersionVideo = { status: 'PREPARING' } | { status: 'READY'; url: string };
