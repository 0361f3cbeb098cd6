/**
 * The shared requests of the simulator rule tests (docs/service.md §4, §7, §8) and the check of
 * a typed error answer.
 */
import { expect } from 'vitest'
import { serviceErrorBodySchema } from '../../../src/api/schemas/serviceErrorBody.ts'
import { ADDR, type RawAnswer } from './startTestSim.ts'

export const CREATE_TX = '/v1.0/net/order/create-tx'
export const SWAP_TX = '/v1.0/chain/transaction'
export const Q = {
  srcChainId: '42161',
  srcChainTokenIn: ADDR.arbUsdc,
  srcChainTokenInAmount: '100000000',
  dstChainId: '8453',
  dstChainTokenOut: ADDR.baseUsdc,
}
export const TX = {
  dstChainTokenOutRecipient: ADDR.maker,
  srcChainOrderAuthorityAddress: ADDR.maker,
  dstChainOrderAuthorityAddress: ADDR.maker,
}
export const CUSTOM_INTERMEDIARY = {
  srcIntermediaryTokenAddress: ADDR.arbWeth,
  dstIntermediaryTokenAddress: ADDR.baseUsdc,
  dstIntermediaryTokenSpenderAddress: ADDR.other,
  intermediaryTokenUSDPrice: '1',
}
export const S = {
  chainId: '42161',
  tokenIn: ADDR.arbUsdc,
  tokenInAmount: '5000000',
  tokenOut: ADDR.arbWeth,
  tokenOutRecipient: ADDR.maker,
}
export const omit = (q: Record<string, string>, key: string): Record<string, string> => {
  const { [key]: _dropped, ...rest } = q
  return rest
}
export const INVALID = 'INVALID_QUERY_PARAMETERS'

export function expectError(raw: RawAnswer, status: number, errorId: string): void {
  expect({ status: raw.status, errorId: (raw.json as { errorId?: string }).errorId }).toEqual({
    status,
    errorId,
  })
  const body = serviceErrorBodySchema.parse(raw.json)
  expect(typeof body.errorCode).toBe('number')
  expect(body.errorMessage).toEqual(expect.any(String))
}
