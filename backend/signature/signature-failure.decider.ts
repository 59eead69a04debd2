import type { SignatureFailureEvent, SignatureMeaning } from '../../events';
import type { Decider } from '../infrastructure/decider/decider';

export interface RecordSignatureFailure {
  type: 'RecordSignatureFailure';
  speachId: string;
  signerId: string;
  meaning: SignatureMeaning;
  cause: 'wrong password' | 'wrong email';
  now: string;
}

/** Stream `signature-failures-{speachId}`: every refused signature is on the speach's audit trail; nothing to decide but the record. */
export const signatureFailureDecider: Decider<{ failures: number }, RecordSignatureFailure, SignatureFailureEvent> = {
  initialState: () => ({ failures: 0 }),
  decide: (command) => [
    {
      type: 'SignatureFailed',
      data: { speachId: command.speachId, signerId: command.signerId, meaning: command.meaning, cause: command.cause, at: command.now },
    },
  ],
  evolve: (state) => ({ failures: state.failures + 1 }),
};
