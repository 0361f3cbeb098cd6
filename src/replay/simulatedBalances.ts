import type { TokenBalance } from '../common/strategy/marketTypes.ts'
import { balanceKey } from './balanceKey.ts'
import type { BalanceDeltas } from './intentBalanceDeltas.ts'

/**
 * The balances a replayed tick sees: each token of the recorded tick at its first recorded amount
 * in the replay (`start`; the tick's own when it first shows up now) plus what the simulated
 * intents moved, priced as the tick recorded it. A native balance also takes the deltas keyed
 * `chainId:native` (fees it sends) and `chainId:gas`, the gas going to its `gasPayer` instead
 * when it has one (a Safe account's key). Never below zero. Pure but for `start`, which learns
 * the first amount of a token (and of a gas payer) it had not seen.
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
    const moved = first + (deltas.get(key) ?? 0n)
    if (!b.isNative) return { ...b, amount: floor(moved) }
    const sent = deltas.get(`${b.chainId}:native`) ?? 0n
    const gas = deltas.get(`${b.chainId}:gas`) ?? 0n
    if (b.gasPayer === undefined) return { ...b, amount: floor(moved + sent + gas) }
    const payerKey = `${key}:gasPayer`
    let payerFirst = start.get(payerKey)
    if (payerFirst === undefined) {
      payerFirst = b.gasPayer.amount
      start.set(payerKey, payerFirst)
    }
    return {
      ...b,
      amount: floor(moved + sent),
      gasPayer: { ...b.gasPayer, amount: floor(payerFirst + gas) },
    }
  })
}

const floor = (amount: bigint): bigint => (amount < 0n ? 0n : amount)
