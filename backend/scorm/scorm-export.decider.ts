import type { ScormExportEvent, ScormType } from '../../events';
import { type Decider, IllegalStateError, ValidationError } from '../infrastructure/decider/decider';

export type ScormExportState = { status: 'NONE' | 'RUNNING' | 'DONE' | 'FAILED'; name: string | null };

/** What the request learnt about the speach version to export; the decider judges it. */
export interface ScormExportFacts {
  version: number | null;
  classicEnabled: boolean;
  /** Titles of the chapters a classic package cannot play (spec §5: open question, survey, poll, success). */
  offendingChapters: string[];
}

export type ScormExportCommand =
  | {
      type: 'RequestScormExport';
      exportId: string;
      name: string;
      speachId: string;
      scormType: ScormType;
      contentNavigation: boolean;
      contentDelayed: boolean;
      origin: string;
      requestedBy: string;
      token: { tokenId: string; expiresAt: string; series: number } | null;
      facts: ScormExportFacts;
    }
  | { type: 'RecordScormProgress'; exportId: string; done: number; total: number }
  | { type: 'CompleteScormExport'; exportId: string; bytes: number; sha256: string; contentSha256: string }
  | { type: 'FailScormExport'; exportId: string; reason: string };

/** Spec §5: what a classic (offline) package cannot carry. */
export const CLASSIC_INCOMPATIBLE = new Set(['QUESTION_OUVERTE', 'SONDAGE', 'ENQUETE', 'REUSSITE']);

/** One SCORM package job: requested once, progresses, then completes or fails once. */
export const scormExportDecider: Decider<ScormExportState, ScormExportCommand, ScormExportEvent> = {
  initialState: () => ({ status: 'NONE', name: null }),
  decide(command, state) {
    switch (command.type) {
      case 'RequestScormExport': {
        if (state.status !== 'NONE') throw new IllegalStateError('This export was already requested.');
        const { facts } = command;
        if (command.scormType === 'SCORM_FULL' && !facts.classicEnabled)
          throw new ValidationError('type', 'SCORM_FULL (classic SCORM) is not enabled on this platform');
        if (facts.version === null)
          throw new IllegalStateError(
            command.contentDelayed ? 'This speach has no published version.' : 'This speach is not published: only a published speach can be exported.',
          );
        if (command.scormType === 'SCORM_FULL' && facts.offendingChapters.length > 0) {
          throw new ValidationError(
            'type',
            `Classic SCORM export is incompatible with open question, survey, poll and success steps: ${facts.offendingChapters.join(', ')}`,
          );
        }
        if (command.scormType === 'SCORM_LITE' && !command.token) throw new ValidationError('type', 'A SCORM_LITE package needs an access token');
        return [
          {
            type: 'ScormExportRequested',
            data: {
              exportId: command.exportId,
              name: command.name,
              speachId: command.speachId,
              version: facts.version,
              type: command.scormType,
              contentNavigation: command.contentNavigation,
              contentDelayed: command.contentDelayed,
              origin: command.origin,
              requestedBy: command.requestedBy,
              token: command.scormType === 'SCORM_LITE' ? command.token : null,
            },
          },
        ];
      }
      case 'RecordScormProgress':
        if (state.status !== 'RUNNING') throw new IllegalStateError('This export is not running.');
        return [{ type: 'ScormExportProgressed', data: { exportId: command.exportId, done: command.done, total: command.total } }];
      case 'CompleteScormExport':
        if (state.status !== 'RUNNING') throw new IllegalStateError('This export is not running.');
        return [
          {
            type: 'ScormExportCompleted',
            data: { exportId: command.exportId, name: state.name!, bytes: command.bytes, sha256: command.sha256, contentSha256: command.contentSha256 },
          },
        ];
      case 'FailScormExport':
        if (state.status !== 'RUNNING') throw new IllegalStateError('This export is not running.');
        return [{ type: 'ScormExportFailed', data: { exportId: command.exportId, reason: command.reason } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ScormExportRequested':
        return { status: 'RUNNING', name: event.data.name };
      case 'ScormExportCompleted':
        return { ...state, status: 'DONE' };
      case 'ScormExportFailed':
        return { ...state, status: 'FAILED' };
      default:
        return state;
    }
  },
};
