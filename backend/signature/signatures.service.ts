import { Inject, Injectable } from '@nestjs/common';
import { type SignatureMeaning, type SignatureRecord, signatureFailureStream, uuidv7 } from '../../events';
import { CREDENTIALS, type CredentialDocument } from '../../projections/users.projection';
import { type AuthenticatedUser, PasswordHasher, normaliseEmail } from '../identity';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { DomainError, ValidationError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { signatureFailureDecider } from './signature-failure.decider';
import type { SignatureBody } from './signature.dto';
import { SignatureThrottle } from './signature-throttle';

/** What the decision being signed is about: the signature must match it exactly. */
export interface SignedSubject {
  speachId: string;
  meaning: SignatureMeaning;
  /** speachContentHash of the content the decision is about, computed by the server now. */
  contentHash: string;
  version: number;
  /** A regulated speach's decisions must be signed; others may be. */
  regulated: boolean;
}

/** Sessions remembered as having signed, at most (the oldest are forgotten first: they are asked the e-mail again). */
const SESSIONS_MAX = 50_000;

/**
 * Checks an electronic signature (21 CFR Part 11 §11.200): the password again, the e-mail too on
 * the session's first signature, the meaning of the decision, the exact content signed. A wrong
 * password or e-mail is throttled per user and recorded as `SignatureFailed` on the speach's trail.
 * The caller appends the returned record with its decision, in one append.
 */
@Injectable()
export class Signatures {
  /**
   * Sessions that signed already (§11.200(a)(1)(i)): in memory, so a restart or another process
   * asks the e-mail once more, which errs on the strict side.
   */
  private readonly signedSessions = new Set<string>();

  constructor(
    private readonly commands: CommandRunner,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignatureThrottle,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /** Whether the session's next signature must carry the e-mail too. */
  emailRequired(user: AuthenticatedUser): boolean {
    return !this.signedSessions.has(user.sessionId);
  }

  /** The signature record to append with the decision, null for an unsigned decision on a non-regulated speach. */
  async sign(user: AuthenticatedUser, input: SignatureBody | undefined, subject: SignedSubject): Promise<SignatureRecord | null> {
    if (!input) {
      if (!subject.regulated) return null;
      throw new ValidationError('signature', `This speach is GMP-regulated: the decision needs an electronic signature (meaning ${subject.meaning})`);
    }
    if (input.meaning !== subject.meaning) throw new ValidationError('signature.meaning', `The meaning of this signature is ${subject.meaning}`);
    const reason = input.reason?.trim() || null;
    if (subject.meaning === 'rejected' && !reason) throw new ValidationError('signature.reason', 'A rejection is signed with its reason');
    const first = this.emailRequired(user);
    if (first && !input.email?.trim()) throw new ValidationError('signature.email', 'The first signature of a session asks for your e-mail too');
    const timeZone = checkedTimeZone(input.timeZone);
    if (input.contentHash !== undefined && input.contentHash !== subject.contentHash) {
      throw new DomainError('The content changed since you opened it: look at what changed, then sign the current version.', 409, [
        { field: 'signature.contentHash', reason: 'not the current content' },
      ]);
    }
    if (input.version !== undefined && input.version !== subject.version) {
      throw new DomainError(`This signature is for version ${input.version}; the version to sign is ${subject.version}.`, 409, [
        { field: 'signature.version', reason: 'not the current version' },
      ]);
    }
    const attempt = this.throttle.begin(user.id, null);
    const credential = await this.store.collection<CredentialDocument>(CREDENTIALS).findById(user.id);
    const passwordOk = await this.hasher.verify(credential?.passwordHash ?? null, input.password);
    const emailOk = !first || normaliseEmail(input.email ?? '') === normaliseEmail(user.email);
    const now = this.clock.now().toISOString();
    if (!passwordOk || !emailOk) {
      const cause = passwordOk ? 'wrong email' : 'wrong password';
      await this.commands.run(signatureFailureDecider, signatureFailureStream(subject.speachId), {
        type: 'RecordSignatureFailure',
        speachId: subject.speachId,
        signerId: user.id,
        meaning: subject.meaning,
        cause,
        now,
      });
      throw new DomainError('The signature was refused: wrong password or e-mail.', 401, [
        { field: passwordOk ? 'signature.email' : 'signature.password', reason: cause },
      ]);
    }
    attempt.succeeded();
    return {
      signatureId: uuidv7(),
      signerId: user.id,
      printedName: `${user.firstName} ${user.lastName}`.trim() || user.email,
      meaning: subject.meaning,
      reason,
      signedAt: now,
      timeZone,
      contentHash: subject.contentHash,
      version: subject.version,
    };
  }

  /** The decision carrying the signature was appended: later signatures of this session need the password only. */
  signed(user: AuthenticatedUser): void {
    this.signedSessions.delete(user.sessionId);
    this.signedSessions.add(user.sessionId);
    if (this.signedSessions.size > SESSIONS_MAX) this.signedSessions.delete(this.signedSessions.values().next().value as string);
  }
}

function checkedTimeZone(value: string | undefined): string {
  if (!value) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    throw new ValidationError('signature.timeZone', 'timeZone must be an IANA time zone such as Europe/Paris');
  }
}
