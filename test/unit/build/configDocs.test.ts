import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { renderConfigDocs } from '../../../scripts/renderConfigDocs.ts'
import { configJsonSchema } from '../../../src/settings/configJsonSchema.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))

describe('docs/configuration.md', () => {
  const rendered = renderConfigDocs(root)

  test('default: the checked-in file is what npm run docs:config renders from the schema now', () => {
    // When this fails, the schema changed: run `npm run docs:config` and commit the file.
    expect(readFileSync(`${root}docs/configuration.md`, 'utf8')).toBe(rendered)
  })

  test('behavior: every top-level key of the config schema has its row and its section', () => {
    const keys = Object.keys(configJsonSchema().properties as Record<string, unknown>)
    for (const key of keys) expect(rendered).toContain(`| \`${key}\` |`)
    for (const key of keys.filter((k) => k !== '$schema' && k !== 'mode'))
      expect(rendered).toContain(`## \`${key}\``)
    expect(rendered).toContain('| `chains.<key>.rpcUrls` (required) |')
    expect(rendered).toContain('### `name: rebalance`')
  })
})
