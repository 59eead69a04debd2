import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { EmailAlreadyUsedError, emailReservationDecider, emailStream } from './email-reservation.decider';

const spec = deciderSpec(emailReservationDecider);

describe('e-mail reservation decider', () => {
  it('reserves a free address', () => {
    spec
      .given([])
      .when({ type: 'ReserveEmail', userId: 'u1' })
      .then([{ type: 'EmailReserved', data: { userId: 'u1' } }]);
  });
  it('refuses an address reserved by someone else', () => {
    spec
      .given([{ type: 'EmailReserved', data: { userId: 'u1' } }])
      .when({ type: 'ReserveEmail', userId: 'u2' })
      .thenThrows(EmailAlreadyUsedError);
  });
  it('is idempotent for the holder', () => {
    spec
      .given([{ type: 'EmailReserved', data: { userId: 'u1' } }])
      .when({ type: 'ReserveEmail', userId: 'u1' })
      .then([]);
  });
  it('frees an address released by its holder, and ignores a release by anyone else', () => {
    const reserved = { type: 'EmailReserved' as const, data: { userId: 'u1' } };
    spec
      .given([reserved])
      .when({ type: 'ReleaseEmail', userId: 'u1' })
      .then([{ type: 'EmailReleased', data: { userId: 'u1' } }]);
    spec.given([reserved]).when({ type: 'ReleaseEmail', userId: 'u2' }).then([]);
    spec
      .given([reserved, { type: 'EmailReleased', data: { userId: 'u1' } }])
      .when({ type: 'ReserveEmail', userId: 'u2' })
      .then([{ type: 'EmailReserved', data: { userId: 'u2' } }]);
  });
  it('names the stream after a hash of the address, never the address', () => {
    expect(emailStream('ada@example.com')).toMatch(/^email-[0-9a-f]{64}$/);
    expect(emailStream('ada@example.com')).not.toContain('ada');
  });
});
