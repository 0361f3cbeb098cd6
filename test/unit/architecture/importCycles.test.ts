import { fileURLToPath } from 'node:url'
import { parseCircular, parseDependencyTree } from 'dpdm'
import { expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

// docs/architecture.md §2: imports point one way, so no file of src/ may reach itself again
// through its imports, type-only and dynamic ones included (a circle of types still ties two
// files together; a dynamic import() is how a lazy command loads its action).
test('behavior: no import circle in src/, type-only and dynamic imports included', async () => {
  const tree = await parseDependencyTree('src/**/*.ts', {
    cwd: ROOT,
    context: ROOT,
    transform: false,
    skipDynamicImports: false,
  })
  expect(Object.keys(tree).length).toBeGreaterThan(100)
  expect(parseCircular(tree).map((circle) => circle.join(' -> '))).toEqual([])
})
