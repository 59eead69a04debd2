import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type EmbedPurpose, embedTokenStream } from '../../events';
import { EMBED_TOKENS, type EmbedTokenDocument } from '../../projections/scorm.projection';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { derivedKey, resolveAuditKey } from '../config/audit-key';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { DomainError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { ReadModels } from '../infrastructure/read-models';
import { READ_STORE } from '../infrastructure/tokens';
import { embedTokenDecider } from './embed-token.decider';

/** A lite package's token lives one to two of these periods (it is the same for every export inside one period). */
export const SCORM_TOKEN_PERIOD_DAYS = 365;
const DAY_MS = 86_400_000;

export interface EmbedGrant {
  tokenId: string;
  speachId: string;
  purpose: EmbedPurpose;
  /** The member who issued the token: the speach is read as they may read it. */
  issuedBy: string;
  expiresAt: string;
}

export interface IssuedToken {
  token: string;
  tokenId: string;
  speachId: string;
  purpose: EmbedPurpose;
  expiresAt: string;
}

export const tokenIdOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Embed access tokens (spec §2 embed URLs): 256-bit secrets handed to the caller once, stored as their
 * SHA-256 (the token id), scoped to one speach and one purpose, expiring, revocable. Never a session:
 * a token opens the embed calls of its speach and nothing else.
 */
@Injectable()
export class EmbedTokens {
  private key: Buffer | null = null;

  constructor(
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get tokens() {
    return this.store.collection<EmbedTokenDocument>(EMBED_TOKENS);
  }

  async issue(issuedBy: string, speachId: string, purpose: EmbedPurpose, expiresAt: string): Promise<IssuedToken> {
    const token = randomBytes(32).toString('base64url');
    const tokenId = tokenIdOf(token);
    await this.commands.run(embedTokenDecider, embedTokenStream(tokenId), {
      type: 'IssueEmbedToken',
      tokenId,
      speachId,
      purpose,
      expiresAt,
      now: this.clock.now().toISOString(),
      issuedBy,
    });
    await this.readModels.settled();
    return { token, tokenId, speachId, purpose, expiresAt };
  }

  /**
   * The read token a lite package of this speach version carries. Derived, not drawn: exporting the same
   * version again in the same period gives the same token, hence the same bytes. A revoked one is never
   * derived again (the count of revoked package tokens of the speach is part of the derivation).
   * Nothing is appended here: the export request records the grant.
   */
  async forPackage(speachId: string, version: number): Promise<{ token: string; tokenId: string; expiresAt: string; series: number }> {
    const period = SCORM_TOKEN_PERIOD_DAYS * DAY_MS;
    const expiresAt = new Date((Math.floor(this.clock.now().getTime() / period) + 2) * period).toISOString();
    const series = await this.tokens.count({ speachId, source: 'scorm', revokedAt: { $ne: null } });
    const token = this.derive(speachId, version, expiresAt, series);
    return { token, tokenId: tokenIdOf(token), expiresAt, series };
  }

  /** The secret of a package token again, from its recorded facts (the worker rebuilds the package after a restart). */
  async packageToken(tokenId: string, version: number): Promise<string> {
    const doc = await this.tokens.findById(tokenId);
    if (!doc) throw new Error('The package token is unknown');
    const token = this.derive(doc.speachId, version, doc.expiresAt, doc.series);
    if (tokenIdOf(token) !== tokenId) throw new Error('The package token cannot be derived again (was the key changed?)');
    return token;
  }

  private derive(speachId: string, version: number, expiresAt: string, series: number): string {
    this.key ??= derivedKey(resolveAuditKey(this.config), 'embed-tokens');
    return createHmac('sha256', this.key).update(`scorm-lite|${speachId}|${version}|${expiresAt}|${series}`).digest('base64url');
  }

  async revoke(tokenId: string, by: { userId: string; isAdmin: boolean }): Promise<void> {
    const doc = await this.tokens.findById(tokenId);
    if (!doc) throw new NotFoundError('Unknown access token');
    if (!by.isAdmin && doc.issuedBy !== by.userId) throw new DomainError('Only its issuer or an administrator may revoke this token.', 403);
    await this.commands.run(embedTokenDecider, embedTokenStream(tokenId), { type: 'RevokeEmbedToken', tokenId, speachId: doc.speachId, revokedBy: by.userId });
    await this.readModels.settled();
  }

  async list(speachId: string): Promise<Omit<EmbedTokenDocument, '_position'>[]> {
    const docs = await this.tokens.find({ speachId }, { sort: { issuedAt: -1, _id: 1 }, limit: 200 });
    return docs.map(({ _position: _p, ...rest }) => rest);
  }

  /**
   * What a presented token allows, or a 403 saying why not (unknown, revoked, expired, another speach,
   * another purpose); a missing token is a 400 naming `access_token`.
   */
  async grant(token: unknown, speachId: string, purpose: EmbedPurpose): Promise<EmbedGrant> {
    if (token === undefined || token === '') throw new ValidationError('access_token', 'access_token is required');
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) throw new ValidationError('access_token', 'access_token is malformed');
    const doc = await this.tokens.findById(tokenIdOf(token));
    const refuse = (why: string) => new DomainError(why, 403, [{ field: 'access_token', reason: why }]);
    if (!doc) throw refuse('Unknown access token');
    if (doc.revokedAt) throw refuse('This access token was revoked');
    if (doc.expiresAt <= this.clock.now().toISOString()) throw refuse('This access token has expired');
    if (doc.speachId !== speachId) throw refuse('This access token is for another speach');
    if (doc.purpose !== purpose) throw refuse(`This access token does not allow ${purpose === 'edit' ? 'editing' : 'reading'}`);
    return { tokenId: doc._id, speachId: doc.speachId, purpose: doc.purpose, issuedBy: doc.issuedBy, expiresAt: doc.expiresAt };
  }
}
