import { IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { embedTokenDecider } from './embed-token.decider';
import { type ScormExportCommand, scormExportDecider } from './scorm-export.decider';

describe('SCORM export decider', () => {
  const spec = deciderSpec(scormExportDecider);
  const token = { tokenId: 'f'.repeat(64), expiresAt: '2028-01-01T00:00:00.000Z', series: 0 };
  const request = (over: Partial<Extract<ScormExportCommand, { type: 'RequestScormExport' }>> = {}): ScormExportCommand => ({
    type: 'RequestScormExport',
    exportId: 'e1',
    name: 'safety-v2-lite-e1.zip',
    speachId: 's1',
    scormType: 'SCORM_LITE',
    contentNavigation: false,
    contentDelayed: false,
    origin: 'https://learn.example',
    requestedBy: 'u1',
    token,
    facts: { version: 2, classicEnabled: false, offendingChapters: [] },
    ...over,
  });
  const requested = {
    type: 'ScormExportRequested' as const,
    data: {
      exportId: 'e1',
      name: 'safety-v2-lite-e1.zip',
      speachId: 's1',
      version: 2,
      type: 'SCORM_LITE' as const,
      contentNavigation: false,
      contentDelayed: false,
      origin: 'https://learn.example',
      requestedBy: 'u1',
      token,
    },
  };

  it('records a lite request with the version and the token it grants', () => {
    spec.given([]).when(request()).then([requested]);
  });

  it('refuses a classic package when the flag is off, when chapters cannot be carried (naming them), and an unpublished speach', () => {
    spec
      .given([])
      .when(request({ scormType: 'SCORM_FULL' }))
      .thenThrows(ValidationError, /not enabled/);
    spec
      .given([])
      .when(request({ scormType: 'SCORM_FULL', facts: { version: 2, classicEnabled: true, offendingChapters: ['Your opinion', 'Well done'] } }))
      .thenThrows(ValidationError, /Your opinion, Well done/);
    spec
      .given([])
      .when(request({ facts: { version: null, classicEnabled: true, offendingChapters: [] } }))
      .thenThrows(IllegalStateError, /not published/);
  });

  it('a classic package carries no token; a lite one needs one', () => {
    spec
      .given([])
      .when(request({ scormType: 'SCORM_FULL', facts: { version: 2, classicEnabled: true, offendingChapters: [] } }))
      .then([{ ...requested, data: { ...requested.data, type: 'SCORM_FULL', token: null } }]);
    spec
      .given([])
      .when(request({ token: null }))
      .thenThrows(ValidationError, /access token/);
  });

  it('progresses and completes or fails a running job once', () => {
    spec
      .given([requested])
      .when({ type: 'RecordScormProgress', exportId: 'e1', done: 3, total: 10 })
      .then([{ type: 'ScormExportProgressed', data: { exportId: 'e1', done: 3, total: 10 } }]);
    spec
      .given([requested])
      .when({ type: 'CompleteScormExport', exportId: 'e1', bytes: 10, sha256: 'a', contentSha256: 'b' })
      .then([{ type: 'ScormExportCompleted', data: { exportId: 'e1', name: 'safety-v2-lite-e1.zip', bytes: 10, sha256: 'a', contentSha256: 'b' } }]);
    const failed = { type: 'ScormExportFailed' as const, data: { exportId: 'e1', reason: 'disk full' } };
    spec.given([requested]).when({ type: 'FailScormExport', exportId: 'e1', reason: 'disk full' }).then([failed]);
    spec.given([requested, failed]).when({ type: 'RecordScormProgress', exportId: 'e1', done: 1, total: 2 }).thenThrows(IllegalStateError);
    spec
      .given([requested])
      .when(request())
      .thenThrows(IllegalStateError, /already/);
  });
});

describe('Embed token decider', () => {
  const spec = deciderSpec(embedTokenDecider);
  const now = '2026-01-01T00:00:00.000Z';
  const issue = {
    type: 'IssueEmbedToken' as const,
    tokenId: 't1',
    speachId: 's1',
    purpose: 'read' as const,
    expiresAt: '2026-02-01T00:00:00.000Z',
    now,
    issuedBy: 'u1',
  };
  const issued = {
    type: 'EmbedTokenIssued' as const,
    data: {
      tokenId: 't1',
      speachId: 's1',
      purpose: 'read' as const,
      expiresAt: '2026-02-01T00:00:00.000Z',
      issuedBy: 'u1',
      source: 'manual' as const,
      series: 0,
    },
  };

  it('issues a token for one speach and purpose, expiring in the future and within the longest life', () => {
    spec.given([]).when(issue).then([issued]);
    spec
      .given([])
      .when({ ...issue, expiresAt: now })
      .thenThrows(ValidationError, /future/);
    spec
      .given([])
      .when({ ...issue, expiresAt: '2035-01-01T00:00:00.000Z' })
      .thenThrows(ValidationError, /at most/);
    spec.given([issued]).when(issue).thenThrows(IllegalStateError);
  });

  it('revokes once: an issued token, or a package token the read model knows; an unknown one is 404', () => {
    const revoked = { type: 'EmbedTokenRevoked' as const, data: { tokenId: 't1', speachId: 's1', revokedBy: 'u2' } };
    spec.given([issued]).when({ type: 'RevokeEmbedToken', tokenId: 't1', speachId: null, revokedBy: 'u2' }).then([revoked]);
    spec.given([]).when({ type: 'RevokeEmbedToken', tokenId: 't1', speachId: 's1', revokedBy: 'u2' }).then([revoked]);
    spec.given([issued, revoked]).when({ type: 'RevokeEmbedToken', tokenId: 't1', speachId: null, revokedBy: 'u2' }).then([]);
    spec.given([]).when({ type: 'RevokeEmbedToken', tokenId: 't1', speachId: null, revokedBy: 'u2' }).thenThrows(NotFoundError);
  });
});
