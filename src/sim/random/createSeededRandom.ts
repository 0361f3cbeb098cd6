/** A seeded source of floats in [0, 1): the same seed gives the same sequence. */
export type SeededRandom = () => number

/**
 * Creates a deterministic random source (mulberry32). The simulator draws every random decision
 * (fault knobs, synthetic leaderboard population) from one of these, so a seed replays a run.
 * @param seed any integer; only its low 32 bits matter
 */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
