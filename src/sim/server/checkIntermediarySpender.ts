import { addressFamilyOf } from '../../api/schemas/chainId.ts'
import { EVM_CONTRACTS } from '../../chains/chainRegistry.ts'
import type { ChainStateReader } from '../chainState/chainStateReader.ts'
import { type SimErrorBody, simErrorBody } from './simErrorBody.ts'
import type { CreateTxInput } from './simServerDeps.ts'

/** The spender's minimum holding of the intermediary token, in USD (docs/service.md §8, the testing figure). */
export const MIN_SPENDER_BALANCE_USD = 100

/**
 * The custom intermediary-token checks of docs/service.md §4.4 (dstIntermediaryTokenSpenderAddress) and
 * §8: on an EVM destination the spender holds at least 100 USD of the destination intermediary
 * token, valued at intermediaryTokenUSDPrice, and has approved both trusted contracts
 * (DlnDestination and the forwarder). Returns `INTERMEDIARY_TOKEN_NOT_FUNDED` or
 * `INTERMEDIARY_TOKEN_APPROVALS_MISSING`, or undefined when the spender is fit or not set.
 * @see docs/service.md §4.4, §8
 */
export async function checkIntermediarySpender(
  reader: ChainStateReader,
  params: CreateTxInput,
): Promise<SimErrorBody | undefined> {
  const spender = params.dstIntermediaryTokenSpenderAddress
  const token = params.dstIntermediaryTokenAddress
  const priceUsd = params.intermediaryTokenUSDPrice
  const chainId = params.dstChainId
  if (!spender || !token || !priceUsd || addressFamilyOf(chainId) !== 'evm') return undefined
  const decimals = (await reader.getDecimals?.(chainId, token)) ?? 18
  // Ceiling: the spender must hold at least the full 100 USD, never a fraction less.
  const scaledPrice = BigInt(Math.round(priceUsd * 1e12))
  const needed =
    (BigInt(MIN_SPENDER_BALANCE_USD) * 10n ** 12n * 10n ** BigInt(decimals) + scaledPrice - 1n) /
    scaledPrice
  const balance = await reader.getBalance(chainId, token, spender)
  if (balance < needed) {
    return simErrorBody(
      'INTERMEDIARY_TOKEN_NOT_FUNDED',
      `dstIntermediaryTokenSpenderAddress holds less than ${MIN_SPENDER_BALANCE_USD} USD of the intermediary token (docs/service.md §8)`,
      { required: needed.toString(), available: balance.toString() },
    )
  }
  for (const contract of [EVM_CONTRACTS.dlnDestination, EVM_CONTRACTS.forwarder]) {
    const allowance = await reader.getAllowance(chainId, token, spender, contract)
    if (allowance < needed) {
      return simErrorBody(
        'INTERMEDIARY_TOKEN_APPROVALS_MISSING',
        `dstIntermediaryTokenSpenderAddress has not approved ${contract} (docs/service.md §4.4)`,
        { spender: contract, required: needed.toString(), available: allowance.toString() },
      )
    }
  }
  return undefined
}
