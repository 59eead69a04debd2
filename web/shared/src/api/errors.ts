/** The API's error body (spec §8): every failed call answers it, with one entry per rejected field. */
export interface FieldError {
  field: string;
  reason: string;
}

export interface ApiErrorBody {
  message?: string;
  errors?: FieldError[];
  /** Set when the session is gone: the apps send the user to the login page. */
  sessionExpired?: boolean;
}
