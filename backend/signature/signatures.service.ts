import { Inject, Injectable } from '@nestjs/common';
import { type SignatureMeaning, type SignatureRecord, signatureFailureStream, uuidv7 } from '../../events';
import { CREDENTIALS, type CredentialDocument } from '../../projections/users.projection';
import {
  SIGNATURE_ATTEMPTS,
  SIGNED_SESSIONS,
  type SignatureAttemptsDocument,
  type SignedSessionDocument,
} from '../../projections/signature-attempts.projection';
import { PasswordHasher, normaliseEmail } from '../identity';
import { type Actor } from '../infrastructure/http/actor';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { DomainError, ValidationError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { TooManyAttemptsError } from '../infrastructure/http/attempt-throttle';
import { ReadModels } from '../infrastructure/read-models';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
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

/**
 * Checks an electronic signature (21 CFR Part 11 §11.200): the password again, the e-mail too on
 * the session's first signature, the meaning of the decision, the exact content signed. A wrong
 * password or e-mail is throttled per user and recorded as `SignatureFailed` on the speach's trail.
 * The caller appends the returned record with its decision, in one append.
 */
@Injectable()
export class Signatures {
  constructor(
    private readonly commands: CommandRunner,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignatureThrottle,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readModels: ReadModels,
  ) {}

  /**
   * Whether the session's next signature must carry the e-mail too (§11.200(a)(1)(i)): a session
   * that signed is in the read store, so every API process sharing it (and a restart) agrees.
   */
  async emailRequired(user: Actor): Promise<boolean> {
    return !(await this.store.collection<SignedSessionDocument>(SIGNED_SESSIONS).findById(user.sessionId));
  }

  /**
   * The throttle every process shares: the signer's refusals since their last accepted signature,
   * within the window, from the read store. The in-process throttle before it also counts the
   * attempts still in flight.
   */
  private async checkSharedThrottle(userId: string): Promise<void> {
    const doc = await this.store.collection<SignatureAttemptsDocument>(SIGNATURE_ATTEMPTS).findById(userId);
    if (!doc) return;
    const { signaturePerAccount: limit, windowSeconds } = this.config.throttle;
    const now = this.clock.now().getTime();
    const since = now - windowSeconds * 1000;
    const live = doc.failures
      .filter((f) => f.position > (doc.lastSignedPosition ?? 0))
      .map((f) => Date.parse(f.at))
      .filter((at) => at > since);
    if (live.length >= limit) throw new TooManyAttemptsError(Math.max(1, Math.ceil((live[live.length - limit] + windowSeconds * 1000 - now) / 1000)));
  }

  /** The signature record to append with the decision, null for an unsigned decision on a non-regulated speach. */
  async sign(user: Actor, input: SignatureBody | undefined, subject: SignedSubject): Promise<SignatureRecord | null> {
    if (!input) {
      if (!subject.regulated) return null;
      throw new ValidationError('signature', `This speach is GMP-regulated: the decision needs an electronic signature (meaning ${subject.meaning})`);
    }
    if (input.meaning !== subject.meaning) throw new ValidationError('signature.meaning', `The meaning of this signature is ${subject.meaning}`);
    const reason = input.reason?.trim() || null;
    if (subject.meaning === 'rejected' && !reason) throw new ValidationError('signature.reason', 'A rejection is signed with its reason');
    const first = await this.emailRequired(user);
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
    await this.checkSharedThrottle(user.id);
    const credential = await this.store.collection<CredentialDocument>(CREDENTIALS).findById(user.id);
    const passwordOk = await this.hasher.verify(credential?.passwordHash ?? null, input.password);
    const emailOk = !first || normaliseEmail(input.email ?? '') === normaliseEmail(user.email);
    const now = this.clock.now().toISOString();
    if (!passwordOk || !emailOk) {
      const cause = passwordOk ? 'wrong email' : 'wrong password';
      const recorded = await this.commands.run(signatureFailureDecider, signatureFailureStream(subject.speachId), {
        type: 'RecordSignatureFailure',
        speachId: subject.speachId,
        signerId: user.id,
        meaning: subject.meaning,
        cause,
        now,
      });
      // The refusal counts in every process before the signer can try again.
      await this.readModels.settle(recorded.position);
      throw new DomainError('The signature was refused: wrong password or e-mail.', 401, [
        { field: passwordOk ? 'signature.email' : 'signature.password', reason: cause },
      ]);
    }
    attempt.succeeded();
    return {
      signatureId: uuidv7(),
      signerId: user.id,
      meaning: subject.meaning,
      reason,
      signedAt: now,
      timeZone,
      contentHash: subject.contentHash,
      version: subject.version,
      sessionId: user.sessionId,
    };
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
