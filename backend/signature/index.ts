/** The electronic signature context's public face (issue 23): the body every signing call takes, and the check of a signature. */
export { SignatureBody, CompleteBody, SIGNATURE_REASON_MAX } from './signature.dto';
export { withPrintedNames } from './printed-names';
export { DiffQuery } from './diff.dto';
export { draftContentHash, nextVersion, versionContentHash } from './signed-content';
export { Signatures } from './signatures.service';
export { SpeachDiffs } from './speach-diffs';
export { SignatureModule } from './signature.module';
