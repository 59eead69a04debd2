import { IllegalStateError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { csvExportDecider } from './csv-export.decider';

describe('CSV export decider', () => {
  const spec = deciderSpec(csvExportDecider);
  const known = ['users', 'speaches'];
  const requested = { type: 'CsvExportRequested' as const, data: { exportId: 'e1', templateNames: ['users'], requestedBy: 'u1' } };

  it('records a request for known templates, once each', () => {
    spec
      .given([])
      .when({ type: 'RequestExport', exportId: 'e1', templateNames: ['users', 'users'], knownTemplates: known, requestedBy: 'u1' })
      .then([requested]);
  });

  it('refuses an empty list and an unknown template', () => {
    spec
      .given([])
      .when({ type: 'RequestExport', exportId: 'e1', templateNames: [], knownTemplates: known, requestedBy: 'u1' })
      .thenThrows(ValidationError, /at least one/);
    spec
      .given([])
      .when({ type: 'RequestExport', exportId: 'e1', templateNames: ['nope'], knownTemplates: known, requestedBy: 'u1' })
      .thenThrows(ValidationError, /unknown template nope/);
  });

  it('completes or fails a running export, only once', () => {
    const files = [{ templateName: 'users', fileName: 'users.csv', rows: 3, bytes: 120 }];
    spec
      .given([requested])
      .when({ type: 'CompleteExport', exportId: 'e1', files })
      .then([{ type: 'CsvExportCompleted', data: { exportId: 'e1', files } }]);
    spec
      .given([requested])
      .when({ type: 'FailExport', exportId: 'e1', reason: 'disk full' })
      .then([{ type: 'CsvExportFailed', data: { exportId: 'e1', reason: 'disk full' } }]);
    spec
      .given([requested, { type: 'CsvExportCompleted', data: { exportId: 'e1', files } }])
      .when({ type: 'FailExport', exportId: 'e1', reason: 'x' })
      .thenThrows(IllegalStateError);
    spec.given([]).when({ type: 'CompleteExport', exportId: 'e1', files }).thenThrows(IllegalStateError);
  });
});
