import { formatUnits } from 'viem'
import { EVM_NATIVE, type EvmValueFlowExpectation } from './evmValueFlowExpectation.ts'

/**
 * `1000.00 USDC`: an amount in base units shown with the token's decimals (from the trusted
 * price) and label, for error lines; raw base units and the address when either is unknown.
 */
export function formatFlowAmount(
  e: Pick<EvmValueFlowExpectation, 'chainId' | 'prices' | 'labels'>,
  token: string,
  amount: bigint,
): string {
  const t = token.toLowerCase()
  const label = e.labels?.[t] ?? (t === EVM_NATIVE ? 'native' : token)
  const price = e.prices?.get(e.chainId, t)
  if (!price) return `${amount} ${label} (base units)`
  const text = formatUnits(amount, price.decimals)
  const [whole, frac = ''] = text.split('.')
  return `${whole}.${frac.padEnd(2, '0')} ${label}`
}

/** `$12.34` from an 18-decimal USD fixed-point value. */
export function formatUsdE18(valueUsdE18: bigint): string {
  const cents = valueUsdE18 / 10n ** 16n
  return `$${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
}
