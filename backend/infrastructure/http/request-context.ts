import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a request knows about itself, visible to every command it executes without threading it
 * through each call: who acts, the correlation id, and the highest position its commands appended
 * (the read-your-writes interceptor waits for the projections to reach it).
 */
export interface RequestContext {
  userId: string | null;
  correlationId: string;
  lastAppendedPosition: number;
  /** The client's address (brute-force throttles count per address). */
  address?: string;
  /** Set while a policy reacts: the events name it, and a read-your-writes wait skips the policies (it would wait for itself). */
  policy?: string;
  /** The id of the command being run when a policy issues it (the command runner acts once per id and stream). */
  commandId?: string;
  /** The event that caused what this context appends. */
  causationId?: string;
  /** The last wait for the read models: up to which appended position, and the position it reached (one wait per request). */
  settled?: { position: number; reached: number };
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  run<T>(context: RequestContext, fn: () => T): T {
    return storage.run(context, fn);
  },
  /** Binds the current async chain to a context (Nest interceptors run inside the request chain). */
  enter(context: RequestContext): void {
    storage.enterWith(context);
  },
  current(): RequestContext | undefined {
    return storage.getStore();
  },
  recordAppend(position: number): void {
    const context = storage.getStore();
    if (context && position > context.lastAppendedPosition) context.lastAppendedPosition = position;
  },
};
