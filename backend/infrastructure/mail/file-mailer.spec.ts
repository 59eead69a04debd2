import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMailer } from './file-mailer';

describe('FileMailer (embedded mailer: .eml files under DATA_DIR/mail)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'mail-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const message = {
    id: 'digest-1',
    to: 'ana@example.com',
    subject: 'Votre résumé du jour: 3 nouvelles notifications',
    text: 'Bonjour Ana,\n\nNouveaux commentaires (2)',
    html: '<p>Bonjour Ana,</p>',
    headers: { 'List-Unsubscribe': '<https://app.example/api/v2/mail/unsubscribe?user=u1&sig=x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    date: '2030-04-04T08:00:00.000Z',
  };

  it('writes a multipart message once per id, and reads it back after a restart', async () => {
    await new FileMailer(dir).send(message);
    await new FileMailer(dir).send({ ...message, text: 'a second send of the same id' });
    expect(readdirSync(dir)).toEqual(['digest-1.eml']);
    const eml = readFileSync(join(dir, 'digest-1.eml'), 'utf8');
    expect(eml).toContain('Content-Type: multipart/alternative; boundary="alt-digest-1"');
    expect(eml).toContain('Subject: =?UTF-8?B?');
    const [held] = await new FileMailer(dir).held();
    expect(held).toEqual({
      id: 'digest-1',
      to: 'ana@example.com',
      subject: message.subject,
      date: message.date,
      headers: expect.objectContaining({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'List-Unsubscribe': message.headers['List-Unsubscribe'] }),
      text: message.text,
      html: message.html,
    });
  });

  it('keeps a header on one line whatever the value holds', async () => {
    const mailer = new FileMailer(null);
    await mailer.send({ to: 'ana@example.com', subject: 'Hi\r\nBcc: evil@example.com', text: 'x' });
    const [held] = await mailer.held();
    expect(held.headers.Bcc).toBeUndefined();
    expect(held.subject).toBe('Hi Bcc: evil@example.com');
  });
});
