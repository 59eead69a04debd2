import { Injectable } from '@nestjs/common';
import type { Actor } from '../http/actor';

export type JobOutcome = { status: 'pending' } | { status: 'failed'; reason: string } | { status: 'done'; result: unknown };

/** A context whose jobs the shared `GET /recorder/jobID/{jobId}` poll also answers for: null when the id is not one of its jobs. */
export type JobResultReader = (user: Actor, jobId: string) => Promise<JobOutcome | null>;

/**
 * The spec has one job-id poll for every kind of job (AI generation, media). The contexts that run jobs register
 * a reader here, so the route's owner answers for them without importing them.
 */
@Injectable()
export class JobResults {
  private readonly readers: JobResultReader[] = [];

  register(reader: JobResultReader): void {
    this.readers.push(reader);
  }

  async find(user: Actor, jobId: string): Promise<JobOutcome | null> {
    for (const reader of this.readers) {
      const outcome = await reader(user, jobId);
      if (outcome) return outcome;
    }
    return null;
  }
}
