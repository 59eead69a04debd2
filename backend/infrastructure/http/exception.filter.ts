import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DomainError } from '../decider/decider';
import { WrongExpectedRevisionError } from '../event-store/event-store.port';
import { TooManyAttemptsError } from './attempt-throttle';
import { DEFAULT_ERROR_MESSAGE, type ErrorBody } from './error-body.view';
import { InputValidationException } from './validation';

const SAFE_STATUSES = new Set([400, 401, 403, 404, 405, 409, 413, 415, 422, 429]);

/** Turns every error into `{ message, errors? }` with its status; anything unexpected is a logged 500. */
export function toErrorResponse(exception: unknown): { status: number; body: ErrorBody } {
  if (exception instanceof InputValidationException) {
    return { status: 400, body: { message: 'Invalid input', errors: exception.fieldErrors } };
  }
  if (exception instanceof DomainError) {
    return { status: exception.status, body: { message: exception.message, ...(exception.errors ? { errors: exception.errors } : {}) } };
  }
  if (exception instanceof TooManyAttemptsError) {
    return { status: 429, body: { message: exception.message } };
  }
  if (exception instanceof WrongExpectedRevisionError) {
    return { status: 409, body: { message: 'The record was changed by someone else; reload and try again.' } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const body: ErrorBody = { message: exception.message };
    if (typeof response === 'object' && response) {
      const r = response as Record<string, unknown>;
      if (typeof r.message === 'string') body.message = r.message;
      if (Array.isArray(r.errors)) body.errors = r.errors as ErrorBody['errors'];
      if (r.sessionExpired === true) body.sessionExpired = true;
      if (r.passwordChangeRequired === true) body.passwordChangeRequired = true;
    }
    // Nest turns Fastify's own errors (body parsing) into plain HttpExceptions carrying Fastify's text.
    if (status === 400 && /^Body (is not valid JSON|cannot be empty)/.test(body.message)) body.message = 'Malformed JSON body';
    if (status === 400 && !body.errors) body.errors = [{ field: 'body', reason: body.message }];
    return { status, body: SAFE_STATUSES.has(status) ? body : { message: DEFAULT_ERROR_MESSAGE } };
  }
  return { status: 500, body: { message: DEFAULT_ERROR_MESSAGE } };
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body } = toErrorResponse(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (exception instanceof TooManyAttemptsError) void reply.header('retry-after', String(exception.retryAfterSeconds));
    void reply.status(status).send(body);
  }
}
