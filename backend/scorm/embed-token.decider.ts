import type { EmbedPurpose, EmbedTokenEvent } from '../../events';
import { type Decider, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';

/**
 * A token's own stream says whether it was issued here and whether it was revoked. A lite package's
 * token is granted by its `ScormExportRequested` instead, so a revocation names the speach it learnt
 * from the read model (`speachId` null: no such token).
 */
export type EmbedTokenState = { issued: { speachId: string; purpose: EmbedPurpose } | null; revoked: boolean };

export type EmbedTokenCommand =
  | { type: 'IssueEmbedToken'; tokenId: string; speachId: string; purpose: EmbedPurpose; expiresAt: string; now: string; issuedBy: string }
  | { type: 'RevokeEmbedToken'; tokenId: string; speachId: string | null; revokedBy: string };

/** Longest life of a token: a SCORM package sits in an LMS for a long time, but not for ever. */
export const TOKEN_MAX_DAYS = 3 * 366;

export const embedTokenDecider: Decider<EmbedTokenState, EmbedTokenCommand, EmbedTokenEvent> = {
  initialState: () => ({ issued: null, revoked: false }),
  decide(command, state) {
    switch (command.type) {
      case 'IssueEmbedToken': {
        if (state.issued || state.revoked) throw new IllegalStateError('This access token exists already.');
        if (!(command.expiresAt > command.now)) throw new ValidationError('expiresAt', 'expiresAt must be in the future');
        const longest = new Date(Date.parse(command.now) + TOKEN_MAX_DAYS * 86_400_000).toISOString();
        if (command.expiresAt > longest) throw new ValidationError('expiresAt', `a token lives at most ${TOKEN_MAX_DAYS} days`);
        const { tokenId, speachId, purpose, expiresAt, issuedBy } = command;
        return [{ type: 'EmbedTokenIssued', data: { tokenId, speachId, purpose, expiresAt, issuedBy, source: 'manual', series: 0 } }];
      }
      case 'RevokeEmbedToken': {
        const speachId = state.issued?.speachId ?? command.speachId;
        if (!speachId) throw new NotFoundError('Unknown access token');
        if (state.revoked) return [];
        return [{ type: 'EmbedTokenRevoked', data: { tokenId: command.tokenId, speachId, revokedBy: command.revokedBy } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'EmbedTokenIssued':
        return { ...state, issued: { speachId: event.data.speachId, purpose: event.data.purpose } };
      case 'EmbedTokenRevoked':
        return { ...state, revoked: true };
      default:
        return state;
    }
  },
};
