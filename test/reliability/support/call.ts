import type { Response } from 'supertest';
import type { Answer, Call } from '../route-expectations';
import type { Caller, Fixtures } from './fixtures';

/** Sends one declared call as a caller (their bearer token unless the call brings its own headers). */
export async function send(fx: Fixtures, method: string, call: Call, headers: Record<string, string>): Promise<Response> {
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  let request = fx.t.http[verb](call.path).set(headers);
  if (call.query) request = request.query(call.query);
  if (call.raw) return request.set('content-type', call.raw.contentType).send(call.raw.data);
  if (call.body !== undefined) return request.send(call.body as object);
  return request;
}

export function callerHeaders(fx: Fixtures, caller: Caller, call: Call): Record<string, string> {
  return call.headers ?? fx.auth(caller);
}

export function matches(answer: Answer, status: number): boolean {
  if (answer === 'ok') return status >= 200 && status < 300;
  if (typeof answer === 'number') return status === answer;
  return answer.includes(status);
}

export const isSuccess = (answer: Answer) => answer === 'ok' || (typeof answer === 'number' && answer < 400);
