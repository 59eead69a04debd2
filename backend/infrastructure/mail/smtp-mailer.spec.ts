import { type AddressInfo, type Server, type Socket, createServer } from 'node:net';
import { SmtpMailer } from './smtp-mailer';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** The other end of SMTP (RFC 5321's minimal dialogue, no TLS, no auth): it keeps what it was handed. */
function smtpPeer(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 peer.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') {
          socket.write('250-peer.test\r\n250 8BITMIME\r\n');
        } else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else {
          socket.write('250 ok\r\n');
        }
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, received })),
  );
}

/** The production mailer (SMTP_URL): what the peer receives is the message the policies built. */
describe('SmtpMailer (SMTP through nodemailer)', () => {
  let peer: Awaited<ReturnType<typeof smtpPeer>>;
  beforeAll(async () => (peer = await smtpPeer()));
  afterAll(() => new Promise((resolve) => peer.server.close(resolve)));

  it('hands over one multipart message with the derived Message-ID, the date, and the one-click unsubscribe headers', async () => {
    const mailer = new SmtpMailer(peer.url, 'Speach platform <no-reply@speach.local>');
    await mailer.send({
      id: 'digest-1',
      to: 'ana@example.com',
      subject: 'Votre résumé du jour: 3 nouvelles notifications',
      text: 'Bonjour Ana,\n\nNouveaux commentaires (2)',
      html: '<p>Bonjour Ana,</p>',
      headers: {
        'List-Unsubscribe': '<https://app.example/api/v2/mail/unsubscribe?user=u1&sig=x>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      date: '2030-04-04T08:00:00.000Z',
    });
    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail.from).toContain('<no-reply@speach.local>');
    expect(mail.to).toEqual([expect.stringContaining('<ana@example.com>')]);
    // Unfolded (RFC 5322 §2.2.3): a long header may be written over several lines.
    const headers = mail.data.split('\r\n\r\n')[0].replace(/\r\n([ \t])/g, '$1');
    expect(headers).toMatch(/^Message-ID: <digest-1@speach\.local>$/im);
    expect(headers).toMatch(/^Date: Thu, 04 Apr 2030 08:00:00 \+0000$/im);
    expect(headers).toContain('List-Unsubscribe: <https://app.example/api/v2/mail/unsubscribe?user=u1&sig=x>');
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headers).toMatch(/^Content-Type: multipart\/alternative;/im);
    expect(mail.data).toContain('Content-Type: text/plain; charset=utf-8');
    expect(mail.data).toContain('Content-Type: text/html; charset=utf-8');
    // An SMTP mailer hands messages over and holds none (the dev mailbox is the embedded mailer's).
    expect(await mailer.held()).toEqual([]);
  });

  it('fails the send when the peer refuses the recipient, so the policy retries and records nothing', async () => {
    const refusing = createServer((socket) => {
      socket.write('220 strict.test\r\n');
      socket.on('data', (chunk) => {
        const line = chunk.toString('utf8');
        if (/^(EHLO|HELO)/i.test(line)) socket.write('250 strict.test\r\n');
        else if (/^MAIL/i.test(line)) socket.write('250 ok\r\n');
        else if (/^RCPT/i.test(line)) socket.write('550 no such user\r\n');
        else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      });
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const mailer = new SmtpMailer(`smtp://127.0.0.1:${(refusing.address() as AddressInfo).port}`, 'no-reply@speach.local');
      await expect(mailer.send({ to: 'ghost@example.com', subject: 's', text: 't' })).rejects.toThrow(/550/);
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});
