import { buildDist } from '../../scripts/build.mjs'

/**
 * vitest's globalSetup of the integration project: its tests start bin/ferry.js, which runs the
 * compiled dist/, so dist/ is rebuilt from the current sources first (esbuild, well under a
 * second). In-process tests import src/ and need none of it.
 */
export default async function setup(): Promise<void> {
  await buildDist()
}
