import { mulberry32 } from "../../bench/synthetic-articles";

/**
 * Randomness a test can replay: a small seeded generator (mulberry32) whose seed is printed when it is made.
 * The seed comes from TEST_RANDOM_SEED when set (to replay a failing run), else from the clock.
 */
export function seededRandom(label: string, seed = Number(process.env.TEST_RANDOM_SEED) || Date.now() % 2 ** 32): () => number {
  process.stdout.write(`${label}: random seed ${seed} (replay with TEST_RANDOM_SEED=${seed})\n`);
  return mulberry32(seed);
}
