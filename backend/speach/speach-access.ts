import { Injectable } from '@nestjs/common';
import type { SpeachDocument } from '../../projections/speaches.projection';
import { PasswordHasher } from '../identity';
import { DomainError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { ACCESS_CODE_MAX } from './speach.decider';
import { requestContext } from '../infrastructure/http/request-context';
import { AccessCodeThrottle } from './access-code-throttle';
import { SpeachQueries } from './speach-queries.service';
import { type Viewer, canView, isEditor, liveVersion } from './speach-views';

/** Why a read was refused: the speach is unknown to the viewer (404), or it is private and the code is missing or wrong (403). */
export const ACCESS_CODE_REQUIRED = 'This speach is private: enter its access code.';

/** The `accessCode` query parameter of a content read: absent, or a string the size of an access code. */
export function accessCodeOf(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > ACCESS_CODE_MAX)
    throw new ValidationError('accessCode', `accessCode must be a text of at most ${ACCESS_CODE_MAX} characters`);
  return value;
}

/**
 * The one access rule for every read of a speach's content (outline, card, comments, engagement, files):
 * editors always; others only a speach they can view (live, and assigned when RESTREINT), and a PRIVE
 * speach only once its access code was given, now or earlier (a reader who started it gave it).
 */
@Injectable()
export class SpeachAccess {
  constructor(
    private readonly queries: SpeachQueries,
    private readonly hasher: PasswordHasher,
    private readonly accessCodes: AccessCodeThrottle,
  ) {}

  /** The speach document when the viewer may read it; throws 404 or 403 (naming `accessCode`) otherwise. */
  async readable(speachId: string, viewer: Viewer, accessCode?: string): Promise<SpeachDocument> {
    const doc = await this.queries.document(speachId);
    await this.assertCanRead(viewer, doc, accessCode);
    return doc;
  }

  async assertCanRead(viewer: Viewer, doc: SpeachDocument, accessCode?: string): Promise<void> {
    if (!canView(doc, viewer)) throw new NotFoundError('Unknown speach');
    if (!(await this.needsCode(viewer, doc))) return;
    if (!accessCode) throw new DomainError(ACCESS_CODE_REQUIRED, 403, [{ field: 'accessCode', reason: 'An access code is required' }]);
    // Throttled per account and address (429 once over), before a hash is spent on the guess.
    const attempt = this.accessCodes.begin(viewer.id, requestContext.current()?.address ?? null);
    if (!(await this.hasher.verify(doc.accessCodeHash, accessCode)))
      throw new DomainError('Wrong access code.', 403, [{ field: 'accessCode', reason: 'Wrong access code' }]);
    attempt.succeeded();
  }

  /**
   * The speach document when the viewer is one of its editors (author, co-editor, admin): what its analytics and
   * its learners' training records need. 404 for an unknown speach, 403 for anyone else, learners included.
   */
  async editable(speachId: string, viewer: Viewer): Promise<SpeachDocument> {
    const doc = await this.queries.document(speachId);
    if (!isEditor(doc, viewer)) throw new DomainError('Only the authors of this speach and administrators may see its analytics.', 403);
    return doc;
  }

  /**
   * A read through an embed access token (backend/scorm): the token's speach only, its live version only,
   * and only while the member who issued the token may still read it (a token outlives no right).
   */
  async readableByGrant(speachId: string, grant: { speachId: string; issuer: Viewer }): Promise<SpeachDocument> {
    if (grant.speachId !== speachId)
      throw new DomainError('This access token is for another speach.', 403, [{ field: 'access_token', reason: 'another speach' }]);
    const doc = await this.queries.document(speachId);
    if (!liveVersion(doc, grant.issuer.now)) throw new NotFoundError('This speach is not published');
    await this.assertCanRead(grant.issuer, doc);
    return doc;
  }

  /** May the viewer read it without giving anything more? (Lists use it to hide what a caller could not open.) */
  async canRead(viewer: Viewer, doc: SpeachDocument): Promise<boolean> {
    return canView(doc, viewer) && !(await this.needsCode(viewer, doc));
  }

  /** The code is asked once: a reader who already started the speach has given it. */
  private async needsCode(viewer: Viewer, doc: SpeachDocument): Promise<boolean> {
    if (doc.visibility !== 'PRIVE' || !doc.accessCodeHash || isEditor(doc, viewer)) return false;
    return (await this.queries.progress(viewer.id, doc._id)) === null;
  }
}
