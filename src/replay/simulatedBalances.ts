import type { TokenBalance } from '../common/strategy/marketTypes.ts'
import { balanceKey } from './balanceKey.ts'
import type { BalanceDeltas } from './intentBalanceDeltas.ts'

/**
 * The balances a replayed tick sees: each token of the recorded tick at its first recorded amount
 * in the replay (`start`; the tick's own when it first shows up now) plus what the simulated
 * intents moved, priced as the tick recorded it. A native balance also takes the deltas keyed
 * `chainId:native` (fees). Never below zero. Pure but for `start`, which learns the first amount
 * of a token it had not seen.
 */
export function simulatedBalances(
  recorded: readonly TokenBalance[],
  start: Map<string, bigint>,
  deltas: BalanceDeltas,
): TokenBalance[] {
  return recorded.map((b) => {
    const key = balanceKey(b.chainId, b.token)
    let first = start.get(key)
    if (first === undefined) {
      first = b.amount
      start.set(key, first)
    }
    const fees = b.isNative ? (deltas.get(`${b.chainId}:native`) ?? 0n) : 0n
    const amount = first + (deltas.get(key) ?? 0n) + fees
    return { ...b, amount: amount < 0n ? 0n : amount }
  })
}
