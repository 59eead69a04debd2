/**
 * What the users CSV import answers (spec §2 /administration/importUser). A view module: it imports only other view
 * modules (docs/web-shared-and-data-layer.md).
 */
import type { Role } from '../../../events/user-vocabulary.view';

/** One row of the file as the preview reads it, with its errors by field. */
export interface ImportRow {
  /** Line in the file (the header is line 1). */
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  roles: Role[];
  groupNames: string[];
  errors: { field: string; reason: string }[];
}

/** `POST api/v2/admin/users/import/preview`: the rows and how many would import. */
export interface ImportPreview {
  total: number;
  valid: number;
  invalid: number;
  rows: ImportRow[];
}

/** `POST api/v2/admin/users/import` and `GET …/import/{jobId}`: the import running in the background. */
export interface ImportJob {
  jobId: string;
  state: 'running' | 'done';
  total: number;
  done: number;
  imported: number;
  failed: { line: number; email: string; reason: string }[];
  startedAt: string;
  finishedAt: string | null;
}
