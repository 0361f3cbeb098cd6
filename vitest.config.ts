import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most integration tests wait on loopback subprocesses, anvil and polls rather than compute:
    // three workers on the 2-core CI machine take the suite from ~340 s to ~220 s.
    maxWorkers: 3,
  },
})
