import { z } from 'zod'
import { problemWithFix } from '../RequestValidationError.ts'
import { addressFamilyOf, type ChainId } from '../schemas/chainId.ts'
import { BASE58_ADDRESS_RE, EVM_ADDRESS_RE, HEX_RE } from '../schemas/primitives.ts'

/** Native-token sentinel of EVM chains (docs/dln.md §1.1). `0xEeee…` is rejected by the service. */
export const EVM_NATIVE_TOKEN = '0x0000000000000000000000000000000000000000'
/** Native SOL sentinel (docs/dln.md §1.1). */
export const SOLANA_NATIVE_TOKEN = '11111111111111111111111111111111'

/** Whether `address` is written the way addresses of `chainId` are written. */
export function isAddressOfChain(address: string, chainId: ChainId): boolean {
  const family = addressFamilyOf(chainId)
  if (family === 'evm') return EVM_ADDRESS_RE.test(address)
  if (family === 'solana') return BASE58_ADDRESS_RE.test(address)
  return BASE58_ADDRESS_RE.test(address) || EVM_ADDRESS_RE.test(address)
}

/** Adds an issue at `path` unless `address` is absent or fits `chainId`. */
export function checkAddress(
  ctx: z.RefinementCtx,
  path: string,
  address: string | undefined,
  chainId: ChainId,
  side: string,
): void {
  if (address === undefined || isAddressOfChain(address, chainId)) return
  const family = addressFamilyOf(chainId)
  const expected =
    family === 'evm'
      ? '0x and 40 hex digits'
      : family === 'solana'
        ? 'a base58 public key'
        : 'a TRON address'
  ctx.addIssue({
    code: 'custom',
    path: [path],
    message: problemWithFix(
      `"${address}" is not an address of chain ${chainId} (${side})`,
      `write it as ${expected}`,
    ),
  })
}

/** A 0x hex string parameter. */
export const hexParamSchema = z.string().regex(HEX_RE, {
  error: problemWithFix(
    'must be 0x-prefixed hex',
    'write the bytes as 0x followed by hex digit pairs',
  ),
})

/** An EVM address or a base58 address (leaderboard search accepts both, docs/service.md §4.2). */
export const anyAddressSchema = z
  .string()
  .refine((a) => EVM_ADDRESS_RE.test(a) || BASE58_ADDRESS_RE.test(a), {
    error: problemWithFix(
      'is neither an EVM hex address nor a base58 address',
      'write 0x and 40 hex digits, or a base58 public key',
    ),
  })
