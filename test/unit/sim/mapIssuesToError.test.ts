import { describe, expect, test } from 'vitest'
import { createTxParamsSchema } from '../../../src/api/requests/buildCreateTxQuery.ts'
import { swapTxParamsSchema } from '../../../src/api/requests/buildSwapTxQuery.ts'
import { mapIssuesToError } from '../../../src/sim/server/mapIssuesToError.ts'

const EVM = '0x1111111111111111111111111111111111111111'
const WETH = '0x82af49447d8a07e3bd95bd0d56f35241523fbab1'
const BASE = {
  srcChainId: 42161,
  srcChainTokenIn: EVM,
  srcChainTokenInAmount: '1000',
  dstChainId: 8453,
  dstChainTokenOut: EVM,
}

/** Pins each matcher to the message the client's schema really writes. */
const errorIdOf = (params: Record<string, unknown>): string => {
  const parsed = createTxParamsSchema.safeParse(params)
  if (parsed.success) throw new Error('expected a failure')
  return mapIssuesToError(parsed.error.issues).errorId
}

describe('mapIssuesToError', () => {
  test('default: bad or unknown parameters are INVALID_QUERY_PARAMETERS (code 2)', () => {
    const parsed = createTxParamsSchema.safeParse({ ...BASE, extra: 1 })
    const body = mapIssuesToError(parsed.error!.issues)
    expect(body).toMatchObject({ errorId: 'INVALID_QUERY_PARAMETERS', errorCode: 2 })
    expect(body.errorPayload).toEqual({ issues: [expect.objectContaining({ path: '' })] })
  })

  test.each([
    [{ ...BASE, dstChainId: 42161 }, 'SAME_SOURCE_AND_DESTINATION_CHAINS'],
    [{ ...BASE, enableEstimate: true }, 'SENDER_ADDRESS_EMPTY'],
    [{ ...BASE, affiliateFeePercent: 1 }, 'AFFILIATE_FEE_RECIPIENT_NOT_SET'],
    [{ ...BASE, affiliateFeeRecipient: EVM }, 'AFFILIATE_FEE_PERCENT_NOT_SET'],
    [{ ...BASE, srcIntermediaryTokenAddress: WETH }, 'INTERMEDIARY_TOKEN_NOT_CONFIGURED'],
    [{ ...BASE, affiliateFeePercent: 11, affiliateFeeRecipient: EVM }, 'INVALID_QUERY_PARAMETERS'],
  ])('behavior: %o -> %s', (params, errorId) => {
    expect(errorIdOf(params)).toBe(errorId)
  })

  test('behavior: the same-chain rule wins over other rules broken with it', () => {
    expect(errorIdOf({ ...BASE, dstChainId: 42161, enableEstimate: true })).toBe(
      'SAME_SOURCE_AND_DESTINATION_CHAINS',
    )
  })

  test('behavior: swap affiliate pairing maps the same way', () => {
    const parsed = swapTxParamsSchema.safeParse({
      chainId: 1,
      tokenIn: EVM,
      tokenInAmount: '1',
      tokenOut: WETH,
      tokenOutRecipient: EVM,
      affiliateFeePercent: 1,
    })
    expect(mapIssuesToError(parsed.error!.issues).errorId).toBe('AFFILIATE_FEE_RECIPIENT_NOT_SET')
  })
})
