import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Observable, mergeMap } from 'rxjs';
import { uuidv7 } from '../../../events';
import { ReadModels } from '../read-models';
import { changesState } from './csrf';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { type RequestContext, requestContext } from './request-context';

export const POSITION_HEADER = 'x-event-position';

/**
 * Runs the handler inside a request context (who acts, correlation id) and, when the handler
 * appended events, answers only once the policies have reacted to them and every projection has
 * applied them and the reactions (bounded wait), with that position in the `X-Event-Position`
 * header: the next read shows the user's own write and what followed from it.
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Http');

  constructor(
    private readonly readModels: ReadModels,
    private readonly idempotency: IdempotencyInterceptor,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: { id: string } }>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const header = request.headers['x-correlation-id'];
    const state: RequestContext = {
      userId: request.user?.id ?? null,
      correlationId: typeof header === 'string' && header.length <= 100 ? header : uuidv7(),
      lastAppendedPosition: 0,
      address: request.ip,
    };
    void reply.header('x-correlation-id', state.correlationId);
    return (
      requestContext
        // Idempotency-Key runs here rather than as a second global interceptor: each layer of Nest's chain
        // costs every request an AsyncResource.bind (tens of microseconds on Node 20, its deprecation getters).
        .run(state, () => this.idempotency.intercept(context, next))
        .pipe(
          mergeMap(async (body) => {
            if (state.lastAppendedPosition > 0) {
              // A GET that writes must be marked, or the CSRF guard and Idempotency-Key pass it by.
              if (!changesState(request)) this.logger.error(`${request.method} ${request.routeOptions.url} appended events but is not marked @ChangesState()`);
              // The handler may have waited already (to answer with the read models): once is enough.
              const done = state.settled && state.settled.position >= state.lastAppendedPosition ? state.settled.reached : null;
              const reached = done ?? (await this.readModels.settle(state.lastAppendedPosition));
              void reply.header(POSITION_HEADER, String(reached));
            }
            return body;
          }),
        )
    );
  }
}
