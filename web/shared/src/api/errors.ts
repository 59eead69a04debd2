/** The API's error body (spec §8), as the server declares it (backend/infrastructure/http/error-body.view.ts). */
import type { ErrorBody } from '../../../../backend/infrastructure/http/error-body.view';

export type { FieldError } from '../../../../backend/infrastructure/http/error-body.view';

/** What a failed call's body may hold: a proxy or a network failure can leave any of it out. */
export type ApiErrorBody = Partial<ErrorBody>;
