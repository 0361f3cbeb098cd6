import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { resolveJournalPath } from '../../../src/settings/resolveJournalPath.ts'

describe('resolveJournalPath', () => {
  test('default: ferry.journal.sqlite in the config file directory, else the working directory', () => {
    expect(resolveJournalPath('config/demo.yaml', {}, {})).toBe(
      resolve('config/ferry.journal.sqlite'),
    )
    expect(resolveJournalPath('/etc/ferry/a.yaml', {}, {})).toBe('/etc/ferry/ferry.journal.sqlite')
    expect(resolveJournalPath(undefined, {}, {})).toBe(resolve('ferry.journal.sqlite'))
  })

  test('behavior: --journal wins over FERRY_JOURNAL, which wins over the config directory', () => {
    const env = { FERRY_JOURNAL: '/data/env.sqlite' }
    expect(resolveJournalPath('/c/f.yaml', { journal: '/x/flag.sqlite' }, env)).toBe(
      '/x/flag.sqlite',
    )
    expect(resolveJournalPath('/c/f.yaml', {}, env)).toBe('/data/env.sqlite')
    expect(resolveJournalPath('/c/f.yaml', { journal: 'rel.sqlite' }, {})).toBe(
      resolve('rel.sqlite'),
    )
  })

  test('behavior: empty values count as unset', () => {
    expect(resolveJournalPath('/c/f.yaml', { journal: '' }, { FERRY_JOURNAL: ' ' })).toBe(
      '/c/ferry.journal.sqlite',
    )
  })
})
