import type { Intent, TokenBalance } from '../common/strategy/marketTypes.ts'
import { balanceKey } from './balanceKey.ts'

/** Signed changes of our balances, base units, by {@link balanceKey}. */
export type BalanceDeltas = Map<string, bigint>

/** Adds `amount` to `key` in `deltas`. */
export function addDelta(deltas: BalanceDeltas, key: string, amount: bigint): void {
  deltas.set(key, (deltas.get(key) ?? 0n) + amount)
}

/**
 * What sending an intent takes from our wallet when it is accepted: the input the quote takes
 * (operating expenses prepended included) and the native cost on the source chain, split into
 * what the wallet sends (`chainId:native`, the fixFee) and the gas (`chainId:gas`, paid by the
 * gas payer in a Safe account, by the wallet otherwise; all of nativeCost when the quote does not
 * tell them apart). Pure.
 */
export function debitsOf(intent: Intent): { key: string; amount: bigint }[] {
  const r = intent.route
  const chainId = r.kind === 'crossChain' ? r.srcChainId : r.chainId
  const token = r.kind === 'crossChain' ? r.srcToken : r.tokenIn
  const { nativeCost } = intent.quote
  const gas = intent.quote.nativeGasCost ?? nativeCost
  return [
    { key: balanceKey(chainId, token), amount: -intent.quote.amountIn },
    { key: `${chainId}:native`, amount: -(nativeCost > gas ? nativeCost - gas : 0n) },
    { key: `${chainId}:gas`, amount: -gas },
  ]
}

/**
 * What the fill brings, when the recipient is one of our wallets (a sweep to a treasury brings
 * nothing back): an order's take amount (`minAmountOut` of its quote, what a solver gives), a
 * swap's expected output. Undefined when the output leaves us. Pure.
 */
export function creditOf(
  intent: Intent,
  balances: readonly TokenBalance[],
): { key: string; amount: bigint } | undefined {
  const r = intent.route
  const chainId = r.kind === 'crossChain' ? r.dstChainId : r.chainId
  const token = r.kind === 'crossChain' ? r.dstToken : r.tokenOut
  const key = balanceKey(chainId, token)
  const ours = balances.find(
    (b) => balanceKey(b.chainId, b.token) === key && sameAddress(b.owner, intent.recipient),
  )
  if (ours === undefined) return undefined
  const amount = r.kind === 'crossChain' ? intent.quote.minAmountOut : intent.quote.amountOut
  return { key, amount }
}

function sameAddress(a: string, b: string): boolean {
  return a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b
}
