import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

export { SCORM_TYPES, type ScormType } from './scorm-vocabulary.view';
import type { ScormType } from './scorm-vocabulary.view';

/** What an embed access token allows: reading the player, or opening the editor. */
export const EMBED_PURPOSES = ['read', 'edit'] as const;
export type EmbedPurpose = (typeof EMBED_PURPOSES)[number];

/**
 * Stream `scorm-export-{exportId}`: an administrator asked for a package of one speach version.
 * `name` is the file name the calls of spec §7 use; `origin` the host the lite SCO embeds from.
 */
export type ScormExportRequested = DomainEvent<
  'ScormExportRequested',
  {
    exportId: string;
    name: string;
    speachId: string;
    version: number;
    type: ScormType;
    contentNavigation: boolean;
    contentDelayed: boolean;
    origin: string;
    requestedBy: string;
    /**
     * SCORM_LITE: the read token the package carries, granted by this very request (the id is the SHA-256 of
     * the secret; the secret is derived again when the package is built, never stored).
     */
    token: { tokenId: string; expiresAt: string; series: number } | null;
  }
>;
/** The worker reached another SCO (or file) of the package. */
export type ScormExportProgressed = DomainEvent<'ScormExportProgressed', { exportId: string; done: number; total: number }>;
export type ScormExportCompleted = DomainEvent<
  'ScormExportCompleted',
  { exportId: string; name: string; bytes: number; sha256: string; contentSha256: string }
>;
export type ScormExportFailed = DomainEvent<'ScormExportFailed', { exportId: string; reason: string }>;

export type ScormExportEvent = ScormExportRequested | ScormExportProgressed | ScormExportCompleted | ScormExportFailed;

/**
 * Stream `embed-token-{tokenId}`: a token scoped to one speach and one purpose, until `expiresAt`.
 * Only the SHA-256 of the secret is kept (it is the token id): the secret never enters the log.
 */
export type EmbedTokenIssued = DomainEvent<
  'EmbedTokenIssued',
  {
    tokenId: string;
    speachId: string;
    purpose: EmbedPurpose;
    expiresAt: string;
    issuedBy: string;
    source: 'scorm' | 'manual';
    /** A package token's derivation round (how many of the speach's package tokens were revoked before it); 0 otherwise. */
    series: number;
  }
>;
export type EmbedTokenRevoked = DomainEvent<'EmbedTokenRevoked', { tokenId: string; speachId: string; revokedBy: string }>;
export type EmbedTokenEvent = EmbedTokenIssued | EmbedTokenRevoked;

export const scormExportStream = (exportId: string) => `scorm-export-${exportId}`;
export const embedTokenStream = (tokenId: string) => `embed-token-${tokenId}`;

registerEventType('ScormExportRequested', 1);
registerEventType('ScormExportProgressed', 1);
registerEventType('ScormExportCompleted', 1);
registerEventType('ScormExportFailed', 1);
registerEventType('EmbedTokenIssued', 1);
registerEventType('EmbedTokenRevoked', 1);
