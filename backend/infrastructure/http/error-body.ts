/** The one error shape of the API (spec §8): a message, and the fields at fault when input was bad. */
export interface ErrorBody {
  message: string;
  errors?: { field: string; reason: string }[];
  /** The session-expired marker: the web apps send the user to /login?disconnected=true. */
  sessionExpired?: true;
  /** The user must choose a new password before anything else (forced change). */
  passwordChangeRequired?: true;
}

export const DEFAULT_ERROR_MESSAGE = 'An error has occurred please contact an administrator.';
