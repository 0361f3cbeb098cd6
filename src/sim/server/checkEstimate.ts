import { EVM_NATIVE_TOKEN, SOLANA_NATIVE_TOKEN } from '../../api/requests/addressRules.ts'
import { addressFamilyOf } from '../../api/schemas/chainId.ts'
import type { OrderQuote } from '../../api/schemas/orderQuote.ts'
import type { ChainStateReader } from '../chainState/chainStateReader.ts'
import { type SimErrorBody, simErrorBody } from './simErrorBody.ts'
import type { CreateTxInput } from './simServerDeps.ts'

/**
 * The checks `enableEstimate` implies (docs/service.md §4.4, §7 rule 2): the sender holds the input amount
 * (with prepended opex, as quoted) and the native fixFee, and, for a non-native EVM input without
 * a permit, has approved tx.allowanceTarget (or tx.to) for the amount. Returns the
 * `ESTIMATION_FAILED` body of the first failed check, or undefined when the call would pass.
 * @see docs/service.md §4.4 (enableEstimate), §7 rule 2
 */
export async function checkEstimate(
  reader: ChainStateReader,
  params: CreateTxInput,
  quote: OrderQuote,
): Promise<SimErrorBody | undefined> {
  const owner = params.senderAddress
  if (owner === undefined) return undefined
  const chainId = params.srcChainId
  const family = addressFamilyOf(chainId)
  const nativeToken = family === 'solana' ? SOLANA_NATIVE_TOKEN : EVM_NATIVE_TOKEN
  const token = params.srcChainTokenIn
  const isNative = token.toLowerCase() === nativeToken.toLowerCase()
  const amount = BigInt(quote.estimation.srcChainTokenIn.amount)
  const fixFee = BigInt(quote.fixFee)
  const fail = (check: string, required: bigint, available: bigint): SimErrorBody =>
    simErrorBody(
      'ESTIMATION_FAILED',
      `estimation failed: ${check} too low (docs/service.md §7 rule 2)`,
      {
        check,
        token: check === 'nativeBalance' ? nativeToken : token,
        required: required.toString(),
        available: available.toString(),
      },
    )

  const nativeNeeded = isNative ? amount + fixFee : fixFee
  const nativeBalance = await reader.getBalance(chainId, nativeToken, owner)
  if (nativeBalance < nativeNeeded) return fail('nativeBalance', nativeNeeded, nativeBalance)
  if (isNative) return undefined
  const balance = await reader.getBalance(chainId, token, owner)
  if (balance < amount) return fail('balance', amount, balance)
  // Solana has no allowances; a permit replaces the on-chain approval (docs/service.md §4.4).
  const spender = quote.tx?.allowanceTarget ?? quote.tx?.to
  if (family === 'solana' || spender === undefined || params.srcChainTokenInSenderPermit) {
    return undefined
  }
  const allowance = await reader.getAllowance(chainId, token, owner, spender)
  if (allowance < amount) return fail('allowance', amount, allowance)
  return undefined
}
