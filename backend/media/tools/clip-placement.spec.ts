import { MAX_TEMPO, planPlacement } from './clip-placement';

describe('placing clips at their start times', () => {
  it('a clip that fits is heard at its start at normal speed, silence up to the next', () => {
    const plan = planPlacement([
      { start: 0, end: 2.5, durationSeconds: 1.2 },
      { start: 3, end: 6, durationSeconds: 1.8 },
    ]);
    expect(plan).toEqual({
      placements: [
        { index: 0, at: 0, tempo: 1, length: 3, overrun: false },
        { index: 1, at: 3, tempo: 1, length: 3, overrun: false },
      ],
      durationSeconds: 6,
      overruns: 0,
      maxDelaySeconds: 0,
    });
  });

  it('a clip may use the pause before the next cue before it is sped up', () => {
    const plan = planPlacement([
      { start: 0, end: 1, durationSeconds: 2.5 },
      { start: 3, end: 4, durationSeconds: 0.5 },
    ]);
    expect(plan.placements[0]).toEqual({ index: 0, at: 0, tempo: 1, length: 3, overrun: false });
  });

  it('a clip longer than its slot is sped up to fit, up to 1.5×', () => {
    const plan = planPlacement([
      { start: 0, end: 2, durationSeconds: 2.4 },
      { start: 2, end: 3, durationSeconds: 0.5 },
    ]);
    expect(plan.placements[0]).toEqual({ index: 0, at: 0, tempo: 1.2, length: 2, overrun: false });
    expect(plan.overruns).toBe(0);
  });

  it('beyond 1.5× it overruns: the next clip starts when it ends, never over it', () => {
    const plan = planPlacement([
      { start: 0, end: 1, durationSeconds: 3 },
      { start: 1, end: 2, durationSeconds: 0.5 },
    ]);
    expect(plan.placements).toEqual([
      { index: 0, at: 0, tempo: MAX_TEMPO, length: 2, overrun: true },
      { index: 1, at: 2, tempo: 1, length: 0.5, overrun: false },
    ]);
    expect(plan).toEqual(expect.objectContaining({ durationSeconds: 2.5, overruns: 1, maxDelaySeconds: 1 }));
  });

  it('plays clips in time order whatever the order given, and lasts until the last end', () => {
    const plan = planPlacement([
      { start: 5, end: 9, durationSeconds: 1 },
      { start: 1, end: 2, durationSeconds: 0.8 },
    ]);
    expect(plan.placements.map((p) => [p.index, p.at, p.length])).toEqual([
      [1, 1, 4],
      [0, 5, 4],
    ]);
    expect(plan.durationSeconds).toBe(9);
  });
});
