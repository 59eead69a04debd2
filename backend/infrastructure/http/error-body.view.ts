/**
 * The one error shape of the API (spec §8): a message, and the fields at fault when input was bad. A view module:
 * the web apps read their error answers with it (docs/web-shared-and-data-layer.md).
 */
export interface FieldError {
  field: string;
  reason: string;
}

export interface ErrorBody {
  message: string;
  errors?: FieldError[];
  /** The session-expired marker: the web apps send the user to /login?disconnected=true. */
  sessionExpired?: true;
  /** The user must choose a new password before anything else (forced change). */
  passwordChangeRequired?: true;
}

export const DEFAULT_ERROR_MESSAGE = 'An error has occurred please contact an administrator.';
