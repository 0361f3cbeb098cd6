import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) return filesUnder(path)
    return /\.(ts|mjs|js|sh|yaml)$/.test(name) ? [path] : []
  })
}

const code = ['src', 'strategies', 'test', 'bench', 'scripts', 'config'].flatMap(filesUnder)
const text = new Map(code.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]))

/** The section numbers a doc defines: `## 4.` or `### 4.4 …` headings. */
function sectionsOf(doc: string): Set<string> {
  const md = readFileSync(join(ROOT, 'docs', doc), 'utf8')
  return new Set(
    [...md.matchAll(/^#{2,4} +([0-9]+(?:\.[0-9]+)*)\.? /gm)].map((m) => m[1] as string),
  )
}

describe('code cites the repo docs only (docs/)', () => {
  test('behavior: no citation of a document outside the repo, and no issue numbers', () => {
    // The pattern is assembled so this file does not match itself.
    const outside = new RegExp(['\\.\\./shared', 'dln-' + 'facts', 'issue [0-9]'].join('|'))
    const hits = [...text].filter(([, t]) => outside.test(t)).map(([f]) => f)
    expect(hits).toEqual([])
  })

  test('behavior: every cited docs section exists', () => {
    const missing = new Set<string>()
    for (const [file, t] of text) {
      for (const m of t.matchAll(/docs\/([a-z]+\.md) §([0-9]+(?:\.[0-9]+)*)/g)) {
        const [doc, section] = [m[1] as string, m[2] as string]
        if (!existsSync(join(ROOT, 'docs', doc))) missing.add(`${file}: docs/${doc} (no file)`)
        else if (!sectionsOf(doc).has(section)) missing.add(`${file}: docs/${doc} §${section}`)
      }
    }
    expect([...missing]).toEqual([])
  })

  test('behavior: every promise id cited (P-x.y) is defined in docs/safety.md', () => {
    const safety = readFileSync(join(ROOT, 'docs/safety.md'), 'utf8')
    const defined = new Set(
      [...safety.matchAll(/\*\*(P-\d+\.\d+)\*\*|### (P-\d+\.\d+)/g)].map((m) => m[1] ?? m[2]),
    )
    const cited = new Set(
      [...text.values()].flatMap((t) => [...t.matchAll(/\bP-\d+\.\d+\b/g)].map((m) => m[0])),
    )
    expect([...cited].filter((id) => !defined.has(id)).sort()).toEqual([])
  })
})
