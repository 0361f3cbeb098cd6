import { type Address, decodeFunctionData, encodeFunctionData, type Hex } from 'viem'
import { dlnSourceAbi } from '../../src/chains/abi/dlnSourceAbi.ts'

/**
 * A `createSaltedOrder` calldata re-encoded with another `allowedCancelBeneficiarySrc` and its
 * salt moved by `saltBump` (a fresh orderId), every other field as given; with the order's give.
 */
export function withCancelBeneficiary(
  data: Hex,
  beneficiary: Address,
  saltBump: bigint,
): { data: Hex; giveAmount: bigint } {
  const call = decodeFunctionData({ abi: dlnSourceAbi, data })
  if (call.functionName !== 'createSaltedOrder')
    throw new Error(`not createSaltedOrder: ${call.functionName}`)
  const [creation, salt, ...rest] = call.args
  return {
    giveAmount: creation.giveAmount,
    data: encodeFunctionData({
      abi: dlnSourceAbi,
      functionName: 'createSaltedOrder',
      args: [{ ...creation, allowedCancelBeneficiarySrc: beneficiary }, salt + saltBump, ...rest],
    }),
  }
}
