import {
  type CallHandler,
  ConflictException,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { type Observable, catchError, finalize, from, mergeMap, of } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { Clock } from '../../clock/clock';
import { ValidationError } from '../../decider/decider';
import type { EventStore } from '../../event-store/event-store.port';
import { EVENT_STORE } from '../../tokens';
import { changesState } from '../csrf';
import { type RequestContext, requestContext } from '../request-context';
import { IDEMPOTENCY_STORE, type IdempotencyRecord, type IdempotencyStore, type IdempotentOutcome } from './idempotency-store';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

/** Headers of the first answer that a replay repeats; the rest (correlation id, dates) belong to each answer. */
const REPLAYED_HEADERS = ['etag', 'location', 'content-type', 'content-disposition', 'cache-control'];
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const SCAN_BATCH = 1000;

interface RunFirst {
  fingerprint: string;
  userId: string;
  reply: FastifyReply;
  handler: Observable<unknown>;
  ctx: RequestContext | undefined;
  release: () => void;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * `Idempotency-Key` on state-changing calls (issue 11): the first request with a key runs, and any
 * later request of the same user with that key gets the first one's answer again, body and headers,
 * without running the handler (and answers only once the projections show its events).
 *
 * What it guarantees:
 * - one key, one execution, per user, for `IDEMPOTENCY_TTL_HOURS` (bounded by `IDEMPOTENCY_MAX_KEYS`);
 *   a duplicate that arrives while the first is running waits for it, in the same process;
 * - a key reused for another request (method, route, query or body differ) is refused with 422;
 * - a request that failed appended nothing (one request, one decision): the key is freed, a retry runs;
 * - across a crash (embedded default: records in `DATA_DIR/idempotency.sqlite`): when the process
 *   stopped after the request appended but before it answered, the retry finds the request's events
 *   by their correlation id and answers 409 instead of running it twice; when it stopped before
 *   appending, the retry runs it.
 * Not covered: anonymous calls (the header is ignored: a login must never hand a session to whoever
 * repeats a key); handlers that write the reply themselves (redirects) run again, which the ones we
 * have (terms acceptance) tolerate; duplicates spread over several API processes.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  /** Requests under way, by scope: a duplicate waits on this before reading the record. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    @Inject(IDEMPOTENCY_STORE) private readonly store: IdempotencyStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: { id: string } }>();
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined || !request.user || !changesState(request)) return next.handle();
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) {
      throw new ValidationError('Idempotency-Key', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const userId = request.user.id;
    const scope = sha256(`${userId}\0${key}`);
    // A streamed body (an upload, a form) is not read here: its declared type and length stand for it.
    const body =
      request.body instanceof Readable
        ? `stream:${String(request.headers['content-type'] ?? '').split(';')[0]}:${request.headers['content-length'] ?? ''}`
        : (request.body ?? null);
    const fingerprint = sha256(`${request.method}\0${request.url}\0${JSON.stringify(body)}`);
    // Taken now, inside the request's context: Nest binds the handler to the context it is created in.
    const ctx = requestContext.current();
    const handler = next.handle();
    return from(this.previous(scope, fingerprint)).pipe(
      mergeMap((found) =>
        'outcome' in found
          ? of(this.replay(found.outcome, reply, ctx))
          : this.runFirst(scope, { fingerprint, userId, reply, handler, ctx, release: found.release }),
      ),
    );
  }

  /**
   * The first answer for this scope, or the right to run the request now (`release` ends it). The
   * scope is claimed with no await between the check and the claim, so two duplicates arriving
   * together cannot both run.
   */
  private async previous(scope: string, fingerprint: string): Promise<{ outcome: IdempotentOutcome } | { release: () => void }> {
    for (;;) {
      const running = this.running.get(scope);
      if (running) {
        await running;
        continue;
      }
      let resolve!: () => void;
      this.running.set(scope, new Promise<void>((done) => (resolve = done)));
      const release = () => {
        this.running.delete(scope);
        resolve();
      };
      try {
        const record = await this.store.find(scope, this.clock.now().getTime() - this.config.idempotency.ttlHours * 3600_000);
        if (!record) return { release };
        if (record.fingerprint !== fingerprint) {
          throw new UnprocessableEntityException({
            message: 'This Idempotency-Key was used for another request.',
            errors: [{ field: 'Idempotency-Key', reason: 'already used for a different request' }],
          });
        }
        if (record.outcome) {
          release();
          return { outcome: record.outcome };
        }
        // Begun by a process that stopped before answering.
        if (await this.applied(record)) {
          throw new ConflictException({ message: 'This request was carried out, but its answer was lost; reload to see its effect.' });
        }
        await this.store.abandon(scope);
        return { release };
      } catch (error) {
        release();
        throw error;
      }
    }
  }

  private runFirst(scope: string, { fingerprint, userId, reply, handler, ctx, release }: RunFirst): Observable<unknown> {
    const start = async () => {
      const record: IdempotencyRecord = {
        fingerprint,
        correlationId: ctx?.correlationId ?? '',
        userId,
        startPosition: await this.eventStore.headPosition(),
        createdAt: this.clock.now().getTime(),
        outcome: null,
      };
      await this.store.begin(scope, record);
    };
    return from(start()).pipe(
      mergeMap(() => handler),
      mergeMap(async (body) => {
        if (reply.sent || !serialisable(body)) await this.store.abandon(scope);
        else await this.store.complete(scope, { body: asJson(body), headers: repeatable(reply), position: ctx?.lastAppendedPosition ?? 0 });
        return body;
      }),
      catchError(async (error: unknown) => {
        await this.store.abandon(scope);
        throw error;
      }),
      finalize(release),
    );
  }

  private replay(outcome: IdempotentOutcome, reply: FastifyReply, ctx: RequestContext | undefined): unknown {
    for (const [name, value] of Object.entries(outcome.headers)) void reply.header(name, value);
    void reply.header(REPLAYED_HEADER, 'true');
    // The read-your-writes interceptor then waits for these events, as it did for the first answer.
    if (ctx && outcome.position > ctx.lastAppendedPosition) ctx.lastAppendedPosition = outcome.position;
    return outcome.body;
  }

  /** Whether the log holds an event of this request (same correlation id and user) after the point it began. */
  private async applied(record: IdempotencyRecord): Promise<boolean> {
    let after = record.startPosition;
    for (;;) {
      const events = await this.eventStore.readAll({ after, maxCount: SCAN_BATCH });
      if (events.some((event) => event.metadata.correlationId === record.correlationId && event.metadata.userId === record.userId)) return true;
      if (events.length < SCAN_BATCH) return false;
      after = events[events.length - 1].position;
    }
  }
}

/** Answers sent as JSON can be kept; files and streams cannot (no state-changing route answers one). */
function serialisable(body: unknown): boolean {
  if (Buffer.isBuffer(body)) return false;
  return !(typeof body === 'object' && body !== null && typeof (body as { pipe?: unknown }).pipe === 'function');
}

/** The body as the client received it (Fastify serialises with JSON.stringify). */
function asJson(body: unknown): unknown {
  return body === undefined ? undefined : JSON.parse(JSON.stringify(body));
}

function repeatable(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
  }
  return headers;
}
