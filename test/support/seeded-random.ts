/** A small deterministic generator for property tests: the same seed gives the same cases, so a failure reproduces. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
