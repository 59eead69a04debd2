import type { RecordedEvent } from './envelope';
import { upcast } from './schema-registry';
import { currentSchemaVersion } from './schema-registry';
import './signature.events';

const v1: RecordedEvent = {
  id: 'e1',
  type: 'SignatureApplied',
  schemaVersion: 1,
  data: {
    speachId: 's1',
    signatureId: 'sig1',
    signerId: 'u1',
    printedName: 'Chloé Schmidt',
    meaning: 'approved',
    reason: null,
    signedAt: '2026-03-01T10:00:00.000Z',
    timeZone: 'Europe/Paris',
    contentHash: 'sha256:abc',
    version: 2,
    sessionId: 'sess',
  },
  metadata: { userId: 'u1', correlationId: 'c', causationId: 'c' },
  time: '2026-03-01T10:00:00.000Z',
  streamId: 'workflow-w1',
  revision: 3,
  position: 42,
};

describe('SignatureApplied schema 2 (issue 23: the printed name leaves the event)', () => {
  it('is written as schema 2', () => {
    expect(currentSchemaVersion('SignatureApplied')).toBe(2);
  });

  it('reads a stored schema 1 event without its printed name, everything else as stored', () => {
    const { printedName: _name, ...rest } = v1.data;
    const lifted = upcast(v1);
    expect(lifted.schemaVersion).toBe(2);
    expect(lifted.data).toEqual(rest);
    expect(lifted).toEqual({ ...v1, schemaVersion: 2, data: rest });
    // The stored event itself is left as it was.
    expect(v1.data.printedName).toBe('Chloé Schmidt');
  });
});
