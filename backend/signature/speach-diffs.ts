import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../infrastructure/decider/decider';
import { type SpeachDocument, SpeachQueries, readingOrder } from '../speach';
import { type DiffChapter, contentDiff } from './content-diff';

/** One side of a comparison: a published version's number, or `current` for the draft. */
type Side = { ref: string | number; title: string; chapters: DiffChapter[] };

/**
 * What changed between two versions of a speach (issue 23 item 3): one computation for the versions page, the
 * approver's view and the audit trail, so all three show the same diff. Who may see the draft is the caller's rule.
 */
@Injectable()
export class SpeachDiffs {
  constructor(private readonly queries: SpeachQueries) {}

  /** `draftReader`: may see the draft and withdrawn versions; to anyone else they do not exist (404). */
  async between(doc: SpeachDocument, from: string, to: string, draftReader: boolean) {
    const [left, right] = await Promise.all([this.side(doc, from, 'from', draftReader), this.side(doc, to, 'to', draftReader)]);
    return { speachId: doc._id, from: left.ref, to: right.ref, ...contentDiff(left, right) };
  }

  private async side(doc: SpeachDocument, ref: string, field: 'from' | 'to', draftReader: boolean): Promise<Side> {
    if (ref === 'current') {
      if (!draftReader) throw new NotFoundError(`Unknown version in ${field}`);
      return { ref, title: doc.title, chapters: readingOrder(doc.draft) };
    }
    const number = Number(ref);
    const withdrawn = number <= doc.withdrawnUpTo;
    const version = await this.queries.version(doc._id, number);
    if (!version || (withdrawn && !draftReader)) throw new NotFoundError(`Unknown version in ${field}`);
    return { ref: number, title: version.title, chapters: version.chapters };
  }
}
