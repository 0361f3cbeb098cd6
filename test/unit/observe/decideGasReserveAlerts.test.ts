import { describe, expect, test } from 'vitest'
import { decideGasReserveAlerts } from '../../../src/observe/decideGasReserveAlerts.ts'

// docs/safety.md "Treasury accounts": in a Safe account the key pays the gas, so its balance is
// the one the low-gas alert watches.
const KEY = '0x2222222222222222222222222222222222222222'
const RESERVE = { '42161': 2_000_000_000_000_000n }
const native = (amount: string, keyAmount?: string) => ({
  chainId: 42161,
  token: '0x0',
  symbol: 'ETH',
  isNative: true,
  amount,
  usd: undefined,
  ...(keyAmount === undefined ? {} : { gasPayer: { address: KEY, amount: keyAmount } }),
})

describe('decideGasReserveAlerts', () => {
  test('behavior: a Safe rich in ETH with a key under the reserve alerts, naming the key', () => {
    const { alerts, lowChains } = decideGasReserveAlerts(
      [native('5000000000000000000', '1000000000000000')],
      [],
      RESERVE,
      0,
    )
    expect(lowChains).toEqual(['42161'])
    expect(alerts[0]!.text).toEqual([
      `native balance of ${KEY}, the key that pays the gas, 1000000000000000 is below risk.gasReserve 2000000000000000 (ETH base units)`,
      'orders from this chain are rejected until the key is topped up; cancels and fee bumps need this gas',
    ])
  })

  test('behavior: a Safe without ETH whose key is funded does not alert', () => {
    const { alerts, lowChains } = decideGasReserveAlerts(
      [native('0', '3000000000000000')],
      ['42161'],
      RESERVE,
      0,
    )
    expect(alerts).toEqual([])
    expect(lowChains).toEqual([])
  })

  test('default: without a gas payer the wallet balance is watched, as for a plain key', () => {
    const { alerts } = decideGasReserveAlerts([native('1000000000000000')], [], RESERVE, 0)
    expect(alerts[0]!.text[0]).toBe(
      'native balance 1000000000000000 is below risk.gasReserve 2000000000000000 (ETH base units)',
    )
  })
})
