import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uuidv7 } from '../../../events';
import { fromEml, toEml } from './eml';
import { type HeldMail, Mailer, type MailMessage } from './mailer.port';

export const DEFAULT_MAIL_FROM = 'Speach platform <no-reply@speach.local>';

/**
 * Writes each message as an RFC 5322 `.eml` file named by its id, so a developer can open what would
 * have been sent (and the back office's dev mailbox lists them). A message whose id is already held is
 * not written again: a policy that sends after a crash sends once. Without a directory (tests) it
 * keeps the messages in memory.
 */
export class FileMailer extends Mailer {
  readonly sent: MailMessage[] = [];
  private readonly memory = new Map<string, string>();

  constructor(
    private readonly directory: string | null,
    private readonly from: string = DEFAULT_MAIL_FROM,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    const id = message.id ?? uuidv7();
    if (this.memory.has(id)) return;
    const eml = toEml({ ...message, id, date: message.date ?? new Date().toISOString() }, this.from);
    if (this.directory) {
      await mkdir(this.directory, { recursive: true });
      try {
        await writeFile(join(this.directory, `${id}.eml`), eml, { encoding: 'utf8', flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
        throw error;
      }
    }
    this.memory.set(id, eml);
    this.sent.push(message);
  }

  override async held(): Promise<HeldMail[]> {
    const emls = new Map(this.memory);
    if (this.directory) {
      const names = await readdir(this.directory).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.eml'))) {
        const id = name.slice(0, -4);
        if (!emls.has(id)) emls.set(id, await readFile(join(this.directory, name), 'utf8'));
      }
    }
    return [...emls.values()].map(fromEml).sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
  }
}
