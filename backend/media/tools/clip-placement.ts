/**
 * A spoken cue never runs faster than this: beyond 1.5× a synthetic voice stops being understandable, so a cue
 * whose speech is still longer than its slot overruns instead (and pushes the following cues back).
 */
export const MAX_TEMPO = 1.5;

/** A clip to place: it should be heard from `start` and, ideally, be over by `end` (seconds). */
export interface ClipSlot {
  start: number;
  end: number;
  /** The clip's own length at normal speed, in seconds. */
  durationSeconds: number;
}

/** Where and how fast one clip plays, and how long its piece of the result lasts (the clip, then silence). */
export interface ClipPlacement {
  /** The clip's position in the list given. */
  index: number;
  at: number;
  tempo: number;
  /** From `at` to the next clip's `at` (the last: to the end of the result). */
  length: number;
  /** Too long for its slot even at MAX_TEMPO. */
  overrun: boolean;
}

export interface PlacementPlan {
  /** In playing order. */
  placements: ClipPlacement[];
  durationSeconds: number;
  /** How many clips end after their slot, and by how many seconds the result runs late at most. */
  overruns: number;
  maxDelaySeconds: number;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Places clips at their start times. A clip's slot runs until its own end or, when the next clip starts later,
 * until that start (a subtitle cue usually ends before the next one begins, and the voice may use the pause).
 * A clip longer than its slot is sped up to fit, up to MAX_TEMPO; longer still, it overruns and the next clip
 * starts when it ends, so two voices never speak at once. The result lasts at least until the last slot's end.
 */
export function planPlacement(clips: ClipSlot[]): PlacementPlan {
  const ordered = clips.map((clip, index) => ({ clip, index })).sort((a, b) => a.clip.start - b.clip.start || a.index - b.index);
  const placements: ClipPlacement[] = [];
  let free = 0;
  let overruns = 0;
  let maxDelay = 0;
  ordered.forEach(({ clip, index }, i) => {
    const next = ordered[i + 1]?.clip.start ?? clip.end;
    const start = Math.max(0, clip.start);
    const slot = Math.max(clip.end, next) - start;
    const tempo = slot > 0 && clip.durationSeconds > slot ? Math.min(MAX_TEMPO, clip.durationSeconds / slot) : 1;
    const at = Math.max(start, free);
    const ends = at + clip.durationSeconds / tempo;
    // Late only because an earlier clip overran is not this clip's overrun: maxDelaySeconds tells that.
    const overrun = clip.durationSeconds / tempo > slot + 0.001;
    if (overrun) overruns += 1;
    maxDelay = Math.max(maxDelay, at - start);
    placements.push({ index, at: round(at), tempo: round(tempo), length: 0, overrun });
    free = ends;
  });
  const lastEnd = Math.max(0, ...clips.map((c) => c.end));
  const durationSeconds = round(Math.max(lastEnd, free));
  placements.forEach((p, i) => {
    p.length = round((placements[i + 1]?.at ?? durationSeconds) - p.at);
  });
  return { placements, durationSeconds, overruns, maxDelaySeconds: round(maxDelay) };
}
