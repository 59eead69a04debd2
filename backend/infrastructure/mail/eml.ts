import type { HeldMail, MailMessage } from './mailer.port';

/** RFC 2047 encoded-word for a header holding more than ASCII (subjects in fr/es/de). */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));
}

/** One header per line: a value never carries a line break into the message (header injection). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** An RFC 5322 message: text only, or multipart/alternative with the HTML part. 8-bit UTF-8 bodies. */
export function toEml(message: MailMessage & { id: string; date: string }, from: string): string {
  const headers: [string, string][] = [
    ['Message-ID', `<${message.id}@speach.local>`],
    ['From', from],
    ['To', message.to],
    ['Subject', encodeHeader(oneLine(message.subject))],
    ['Date', new Date(message.date).toUTCString()],
    ['MIME-Version', '1.0'],
    ...Object.entries(message.headers ?? {}),
  ];
  const boundary = `alt-${message.id}`;
  const body = message.html
    ? [
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        message.text,
        `--${boundary}`,
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        message.html,
        `--${boundary}--`,
        '',
      ]
    : [message.text, ''];
  headers.push(['Content-Type', message.html ? `multipart/alternative; boundary="${boundary}"` : 'text/plain; charset=utf-8']);
  if (!message.html) headers.push(['Content-Transfer-Encoding', '8bit']);
  return [...headers.map(([name, value]) => `${name}: ${oneLine(value)}`), '', ...body].join('\r\n');
}

/** Reads back what `toEml` wrote. */
export function fromEml(eml: string): HeldMail {
  const split = eml.indexOf('\r\n\r\n');
  const head = eml.slice(0, split);
  const rest = eml.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon)] = decodeHeader(line.slice(colon + 1).trim());
  }
  const boundary = /boundary="([^"]+)"/.exec(headers['Content-Type'] ?? '')?.[1];
  let text = rest.replace(/\r\n$/, '');
  let html: string | null = null;
  if (boundary) {
    const parts = rest
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => {
        const at = part.indexOf('\r\n\r\n');
        return { type: part.slice(0, at), body: part.slice(at + 4).replace(/\r\n$/, '') };
      });
    text = parts.find((p) => p.type.includes('text/plain'))?.body ?? '';
    html = parts.find((p) => p.type.includes('text/html'))?.body ?? null;
  }
  const id = (headers['Message-ID'] ?? '').replace(/^<|@speach\.local>$/g, '');
  return { id, to: headers.To ?? '', subject: headers.Subject ?? '', date: new Date(headers.Date ?? 0).toISOString(), headers, text, html };
}
