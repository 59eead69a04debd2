import { exportStream } from '../../events';
import type { CsvExportEvent, CsvExportFile } from '../../events';
import { type Decider, IllegalStateError, ValidationError } from '../infrastructure/decider/decider';

export type CsvExportState = { status: 'NONE' | 'RUNNING' | 'DONE' | 'FAILED' };
export type CsvExportCommand =
  | { type: 'RequestExport'; exportId: string; templateNames: string[]; knownTemplates: string[]; requestedBy: string }
  | { type: 'CompleteExport'; exportId: string; files: CsvExportFile[] }
  | { type: 'FailExport'; exportId: string; reason: string };

export { exportStream };

/** One export job's life: requested, then completed or failed, once. */
export const csvExportDecider: Decider<CsvExportState, CsvExportCommand, CsvExportEvent> = {
  initialState: () => ({ status: 'NONE' }),
  decide(command, state) {
    switch (command.type) {
      case 'RequestExport': {
        if (state.status !== 'NONE') throw new IllegalStateError('This export was already requested.');
        if (command.templateNames.length === 0) throw new ValidationError('templateNames', 'templateNames must name at least one template');
        const unknown = command.templateNames.find((name) => !command.knownTemplates.includes(name));
        if (unknown !== undefined) throw new ValidationError('templateNames', `unknown template ${unknown}`);
        const templateNames = [...new Set(command.templateNames)];
        return [{ type: 'CsvExportRequested', data: { exportId: command.exportId, templateNames, requestedBy: command.requestedBy } }];
      }
      case 'CompleteExport':
        if (state.status !== 'RUNNING') throw new IllegalStateError('This export is not running.');
        return [{ type: 'CsvExportCompleted', data: { exportId: command.exportId, files: command.files } }];
      case 'FailExport':
        if (state.status !== 'RUNNING') throw new IllegalStateError('This export is not running.');
        return [{ type: 'CsvExportFailed', data: { exportId: command.exportId, reason: command.reason } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'CsvExportRequested':
        return { status: 'RUNNING' };
      case 'CsvExportCompleted':
        return { status: 'DONE' };
      case 'CsvExportFailed':
        return { status: 'FAILED' };
      default:
        return _state;
    }
  },
};
