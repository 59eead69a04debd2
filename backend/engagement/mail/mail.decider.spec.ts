import { deciderSpec } from '../../infrastructure/decider/given-when-then';
import { mailDecider } from './mail.decider';

const mail = deciderSpec(mailDecider);
const digest = { userId: 'u1', messageId: 'm1', frequency: 'HEBDOMADAIRE' as const, period: 'W:2026-11-16', upToPosition: 42, items: 3 };
const immediate = { userId: 'u1', messageId: 'm2', kind: 'ASSIGNMENT_DUE' as const, triggerId: 'e1' };

describe('mail decider (stream mail-{userId})', () => {
  it('records a digest once per period', () => {
    mail
      .given([])
      .when({ type: 'RecordDigest', ...digest })
      .then([{ type: 'MailDigestSent', data: digest }]);
    mail
      .given([{ type: 'MailDigestSent', data: digest }])
      .when({ type: 'RecordDigest', ...digest, messageId: 'other' })
      .then([]);
    mail
      .given([{ type: 'MailDigestSent', data: digest }])
      .when({ type: 'RecordDigest', ...digest, period: 'W:2026-11-23' })
      .then([{ type: 'MailDigestSent', data: { ...digest, period: 'W:2026-11-23' } }]);
  });
  it('records an immediate mail once per trigger', () => {
    mail
      .given([])
      .when({ type: 'RecordImmediateMail', ...immediate })
      .then([{ type: 'ImmediateMailSent', data: immediate }]);
    mail
      .given([{ type: 'ImmediateMailSent', data: immediate }])
      .when({ type: 'RecordImmediateMail', ...immediate })
      .then([]);
  });
});
