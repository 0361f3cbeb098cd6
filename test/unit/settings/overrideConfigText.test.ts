import { describe, expect, test } from 'vitest'
import { UsageError } from '../../../src/common/UsageError.ts'
import { overrideConfigText } from '../../../src/settings/overrideConfigText.ts'

const TEXT = `# my config
risk:
  maxCostBps: 50 # a comment that stays
strategies:
  - name: rebalance
    id: usdc
    params:
      maxCostBps: 100
      minMoveAmount: "1000000"
`

describe('overrideConfigText: one key of a config set for a replay grid point', () => {
  test('default: a dotted path sets a number and keeps the comments', () => {
    const out = overrideConfigText(TEXT, 'risk.maxCostBps', '20')
    expect(out).toContain('maxCostBps: 20 # a comment that stays')
    expect(out).toContain('# my config')
  })

  test('behavior: a strategy instance by its id; a key written as a string stays a string', () => {
    const byId = overrideConfigText(TEXT, 'strategies.usdc.params.maxCostBps', '40')
    expect(byId).toContain('      maxCostBps: 40')
    const amount = overrideConfigText(TEXT, 'strategies.0.params.minMoveAmount', '5000000')
    expect(amount).toContain('minMoveAmount: "5000000"')
  })

  test('behavior: an instance that is not there is a usage error naming --grid', () => {
    expect(() => overrideConfigText(TEXT, 'strategies.nope.params.x', '1')).toThrow(UsageError)
    expect(() => overrideConfigText(TEXT, 'risk.maxCostBps.deeper', '1')).toThrow(
      /is a value, not a section/,
    )
  })
})
