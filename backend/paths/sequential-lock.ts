import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PATH_LEARNERS, PATHS, type PathDocument, type PathLearnerDocument } from '../../projections/paths.projection';
import { DomainError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { ReadingGates, type Viewer } from '../speach';
import { pathProgress } from './path-progress';
import { isAssignedTo } from './path-views';

export interface SequentialLock {
  pathId: string;
  pathTitle: string;
  /** The speach to complete first: the first live one before this speach not completed yet. */
  previousSpeachId: string;
  previousTitle: string;
}

/**
 * Is this speach locked for this learner by a published sequential path they are assigned to or
 * enrolled in? The same `pathProgress` that draws the locks on the path page decides, so the page and
 * the refusal never disagree. Paths the learner merely could enrol in do not lock anything.
 */
export async function sequentialLock(store: ReadStore, viewer: Pick<Viewer, 'id' | 'groupIds' | 'now'>, speachId: string): Promise<SequentialLock | null> {
  const candidates = await store.collection<PathDocument>(PATHS).find({ speachIds: speachId, sequential: true, state: 'PUBLIE' });
  if (!candidates.length) return null;
  const enrolled = new Set(
    (await store.collection<PathLearnerDocument>(PATH_LEARNERS).find({ userId: viewer.id, enrolled: true }, { projection: { pathId: 1 } })).map(
      (l) => l.pathId,
    ),
  );
  for (const path of candidates.filter((p) => isAssignedTo(p, viewer) || enrolled.has(p._id))) {
    const progress = await pathProgress(store, viewer.id, path.speachIds, true, viewer.now);
    const index = progress.speaches.findIndex((s) => s.speachId === speachId);
    if (index < 0 || !progress.speaches[index].locked) continue;
    const previous = progress.speaches.slice(0, index).find((s) => s.live && !s.completed)!;
    return { pathId: path._id, pathTitle: path.title, previousSpeachId: previous.speachId, previousTitle: previous.title };
  }
  return null;
}

/** The paths context's gate on speach reading: a locked speach answers 403 naming the speach to complete first. */
@Injectable()
export class SequentialPathGate implements OnModuleInit {
  constructor(
    private readonly gates: ReadingGates,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  onModuleInit(): void {
    this.gates.register({ assertOpen: (viewer, speachId) => this.assertOpen(viewer, speachId) });
  }

  async assertOpen(viewer: Viewer, speachId: string): Promise<void> {
    const lock = await sequentialLock(this.store, viewer, speachId);
    if (!lock) return;
    throw new DomainError(`This speach is locked by the learning path "${lock.pathTitle}": complete "${lock.previousTitle}" first.`, 403, [
      { field: 'speachId', reason: `locked until speach ${lock.previousSpeachId} ("${lock.previousTitle}") is completed` },
    ]);
  }
}
