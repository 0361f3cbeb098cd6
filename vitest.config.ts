import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most integration tests wait on loopback subprocesses, anvil and polls rather than compute:
    // three workers on the 2-core CI machine take the suite from ~340 s to ~220 s.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        // Pure and fast: no processes, no network; SQLite in a tmp dir at most.
        // Forks that keep one module graph per worker: viem and web3.js are imported once each.
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          pool: 'forks',
          isolate: false,
        },
      },
      {
        extends: true,
        // The real pieces: the simulator over HTTP, anvil, litesvm, the ferry binary. The binary
        // runs dist/, which the global setup first builds from the current sources.
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/setup/buildDist.ts'],
        },
      },
    ],
  },
})
