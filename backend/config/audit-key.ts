import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './app-config';

export const AUDIT_KEY_FILE = 'audit.key';

/**
 * The key that signs the audit chain's head. It must live outside the event log (whoever can edit the
 * log must not be able to re-sign it): `AUDIT_KEY` in production; the embedded default generates a key
 * file in DATA_DIR once, which only protects against edits made without reading that file.
 */
export function resolveAuditKey(config: Pick<AppConfig, 'auditKey' | 'dataDir'>, warn: (message: string) => void = console.warn): Buffer {
  if (config.auditKey) return Buffer.from(config.auditKey, 'utf8');
  const file = join(config.dataDir, AUDIT_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    warn(`AUDIT_KEY is not set: generated ${file}. Production must set AUDIT_KEY to a secret kept outside DATA_DIR.`);
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

/** The key as configured, without creating one: what a verifier (which never writes) may use. */
export function existingAuditKey(config: Pick<AppConfig, 'auditKey' | 'dataDir'>): Buffer | null {
  if (config.auditKey) return Buffer.from(config.auditKey, 'utf8');
  const file = join(config.dataDir, AUDIT_KEY_FILE);
  return existsSync(file) ? Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8') : null;
}

/** A key for another purpose derived from the audit key, so one secret serves both and neither reveals the other. */
export function derivedKey(auditKey: Buffer, purpose: string): Buffer {
  return createHmac('sha256', auditKey).update(purpose).digest();
}
