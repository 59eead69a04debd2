import { Injectable } from '@nestjs/common';
import type { Viewer } from './speach-views';

/**
 * A rule of another context that may keep a learner from reading a speach for now (a sequential
 * learning path). The speach context only knows this port: the contexts that own such rules register
 * a gate at start-up, so speaches never import them (the paths context already depends on speaches).
 */
export interface ReadingGate {
  /** Throws a DomainError naming why and what to do first when the viewer may not read this speach yet. */
  assertOpen(viewer: Viewer, speachId: string): Promise<void>;
}

@Injectable()
export class ReadingGates {
  private readonly gates: ReadingGate[] = [];

  register(gate: ReadingGate): void {
    this.gates.push(gate);
  }

  async assertOpen(viewer: Viewer, speachId: string): Promise<void> {
    for (const gate of this.gates) await gate.assertOpen(viewer, speachId);
  }
}
