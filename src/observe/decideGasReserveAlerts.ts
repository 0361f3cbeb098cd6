import type { Alert } from './alertTypes.ts'
import type { EngineEvent } from './engineEvents.ts'

type Balances = Extract<EngineEvent, { type: 'balances' }>['balances']

/**
 * gasReserveLow alerts from a tick's balances: a native balance under its chain's reserve
 * (`risk.gasReserve`, the global floors; per-route floors show up as gasReserveBreached risk
 * alerts instead) alerts once per dip. The balance watched is the gas payer's when the native
 * balance names one (a Safe account's key, docs/safety.md "Treasury accounts"), else the wallet's. `lowChains` are the chains already under; a chain leaves
 * the list when its balance is back at or above the reserve, so the next dip alerts again. Pure.
 */
export function decideGasReserveAlerts(
  balances: Balances,
  lowChains: readonly string[],
  gasReserve: Readonly<Record<string, bigint>>,
  nowMs: number,
): { alerts: Alert[]; lowChains: readonly string[] } {
  const alerts: Alert[] = []
  const low = new Set(lowChains)
  for (const b of balances) {
    const chain = String(b.chainId)
    const reserve = gasReserve[chain]
    if (!b.isNative || reserve === undefined) continue
    const amount = b.gasPayer?.amount ?? b.amount
    const below = BigInt(amount) < reserve
    if (below && !low.has(chain)) {
      low.add(chain)
      const whose = b.gasPayer ? ` of ${b.gasPayer.address}, the key that pays the gas,` : ''
      alerts.push({
        kind: 'gasReserveLow',
        severity: 'warning',
        title: `Gas below reserve on chain ${chain}`,
        text: [
          `native balance${whose} ${amount} is below risk.gasReserve ${reserve} (${b.symbol} base units)`,
          `orders from this chain are rejected until the ${b.gasPayer ? 'key' : 'wallet'} is topped up; cancels and fee bumps need this gas`,
        ],
        labels: { chain },
        atMs: nowMs,
      })
    } else if (!below) low.delete(chain)
  }
  const next = [...low]
  const same = next.length === lowChains.length && next.every((c) => lowChains.includes(c))
  return { alerts, lowChains: same ? lowChains : next }
}
