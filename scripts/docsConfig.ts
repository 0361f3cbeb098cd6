// `npm run docs:config`: writes docs/configuration.md from the config schema (renderConfigDocs).
// With --check it writes nothing and exits 1 when the checked-in file is not current.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderConfigDocs } from './renderConfigDocs.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const target = `${root}docs/configuration.md`
const text = renderConfigDocs(root)
if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8')
  if (current !== text) {
    process.stderr.write('docs/configuration.md is not current (fix: npm run docs:config)\n')
    process.exit(1)
  }
} else {
  writeFileSync(target, text)
  process.stdout.write(`wrote ${target}\n`)
}
