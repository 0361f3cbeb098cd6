#!/usr/bin/env node
// Runs the compiled CLI: dist/, which `npm ci` builds (npm's prepare) and `npm run build` rebuilds
// from the TypeScript sources (scripts/build.mjs).
import { existsSync } from 'node:fs'

const main = new URL('../dist/src/cli/main.js', import.meta.url)
if (!existsSync(main)) {
  process.stderr.write(
    'ferry: dist/ is missing, so there is no compiled ferry to run (fix: npm run build, or npm ci)\n',
  )
  process.exit(1)
}
await import(main.href)
