/**
 * Randomness a test can replay: a small seeded generator (mulberry32) whose seed is printed when it is made.
 * The seed comes from TEST_RANDOM_SEED when set (to replay a failing run), else from the clock.
 */
export function seededRandom(label: string, seed = Number(process.env.TEST_RANDOM_SEED) || Date.now() % 2 ** 32): () => number {
  process.stdout.write(`${label}: random seed ${seed} (replay with TEST_RANDOM_SEED=${seed})\n`);
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
