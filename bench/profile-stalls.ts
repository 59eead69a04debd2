/**
 * `node -r ./test/support/swc-register.js bench/profile-stalls.ts <file.cpuprofile> [min ms = 40] [frames = 15]`: the
 * main thread's busy stretches (samples that are neither idle nor "(program)", with gaps under 5 ms) longer than
 * `min ms`, each with when it began (seconds into the profile) and the frames most of its samples were in. This is
 * how the bell's one-second p99 was traced to the digest policy's first tick (session 13): a paced line's p99 far
 * above its service time is a stretch like these inside its window. Take the profile with
 * `node --cpu-prof --cpu-prof-dir=<dir> dist/backend/main.js` (written when the server exits on SIGINT/SIGTERM).
 * On a loaded machine a descheduled thread shows as a stretch too: profile on an idle one.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Samples closer than this belong to one stretch (PROFILE_GAP_MS, 5 ms; take 1-2 ms with `--cpu-prof-interval 200`). */
const GAP_US = Number(process.env.PROFILE_GAP_MS ?? 5) * 1000;

function main(): void {
  const [file, minArg = '40', framesArg = '15'] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-stalls.ts <file.cpuprofile> [min ms] [frames]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const name = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;

  const stretches: { at: number; end: number; samples: number[] }[] = [];
  let current: { at: number; end: number; samples: number[] } | null = null;
  let t = profile.startTime;
  profile.samples.forEach((sample, i) => {
    t += profile.timeDeltas[i];
    const fn = nodes.get(sample)!.callFrame.functionName;
    if (fn === '(idle)' || fn === '(program)') {
      if (current && t - current.end > GAP_US) current = null;
      return;
    }
    if (!current) stretches.push((current = { at: t, end: t, samples: [] }));
    current.end = t;
    current.samples.push(sample);
  });

  const minUs = Number(minArg) * 1000;
  for (const stretch of stretches.filter((s) => s.end - s.at >= minUs)) {
    const counts = new Map<string, number>();
    for (const sample of stretch.samples) {
      const seen = new Set<string>();
      for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
        const frame = name(nodes.get(id)!);
        if (frame.startsWith('(root)') || frame.startsWith('(anonymous) :') || seen.has(frame)) continue;
        seen.add(frame);
        counts.set(frame, (counts.get(frame) ?? 0) + 1);
      }
    }
    const ms = ((stretch.end - stretch.at) / 1000).toFixed(1);
    console.log(`=== ${ms} ms busy at +${((stretch.at - profile.startTime) / 1e6).toFixed(1)} s (${stretch.samples.length} samples)`);
    for (const [frame, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, Number(framesArg))) console.log(`${String(n).padStart(7)} ${frame}`);
  }
}

main();
