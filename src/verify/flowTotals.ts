import type { Address } from 'viem'
import type { EvmValueFlow } from './evmValueFlow.ts'
import { EVM_NATIVE } from './evmValueFlowExpectation.ts'

const lc = (a: string): string => a.toLowerCase()

/**
 * Gross outflows of `wallet` by lowercase token (zero address = native wei), summed over the
 * sequence; transfers to itself left out. Refunds coming back are not netted (P-8.2).
 */
export function walletOutflows(flow: EvmValueFlow, wallet: Address): Map<string, bigint> {
  const w = lc(wallet)
  const sums = new Map<string, bigint>()
  const add = (token: string, amount: bigint): void => {
    sums.set(lc(token), (sums.get(lc(token)) ?? 0n) + amount)
  }
  for (const t of flow.transfers) if (lc(t.from) === w && lc(t.to) !== w) add(t.token, t.amount)
  for (const n of flow.native) if (lc(n.from) === w && lc(n.to) !== w) add(EVM_NATIVE, n.amountWei)
  return sums
}

/** Output of `tokenOut` (zero address = native wei) that reached `recipient`, in base units. */
export function swapReceived(
  flow: EvmValueFlow,
  swap: { tokenOut: Address; recipient: Address },
): bigint {
  const to = lc(swap.recipient)
  if (lc(swap.tokenOut) === EVM_NATIVE) {
    return flow.native
      .filter((n) => lc(n.to) === to && lc(n.from) !== to)
      .reduce((s, n) => s + n.amountWei, 0n)
  }
  return flow.transfers
    .filter((t) => lc(t.token) === lc(swap.tokenOut) && lc(t.to) === to && lc(t.from) !== to)
    .reduce((s, t) => s + t.amount, 0n)
}
