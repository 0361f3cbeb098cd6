import { describe, expect, test } from 'vitest'
import { CREATE_TX_PARAM_KINDS } from '../../../src/sim/server/queryParamKinds.ts'
import { queryToParams } from '../../../src/sim/server/queryToParams.ts'

describe('queryToParams', () => {
  test('default: numbers, booleans and JSON become typed, the rest stays text', () => {
    expect(
      queryToParams(
        {
          srcChainId: '42161',
          affiliateFeePercent: '0.1',
          ptp: 'true',
          enableEstimate: 'false',
          netHook: '{"type":"x"}',
          srcChainTokenInAmount: '1000',
          dstChainTokenOutAmount: 'auto',
        },
        CREATE_TX_PARAM_KINDS,
      ),
    ).toEqual({
      srcChainId: 42161,
      affiliateFeePercent: 0.1,
      ptp: true,
      enableEstimate: false,
      netHook: { type: 'x' },
      srcChainTokenInAmount: '1000',
      dstChainTokenOutAmount: 'auto',
    })
  })

  test('behavior: unreadable values pass through as text for the schema to reject', () => {
    expect(
      queryToParams({ srcChainId: '1e', ptp: 'TRUE', netHook: '{' }, CREATE_TX_PARAM_KINDS),
    ).toEqual({ srcChainId: '1e', ptp: 'TRUE', netHook: '{' })
  })

  test('behavior: the access token is dropped', () => {
    expect(queryToParams({ accesstoken: 'k', metadata: 'm' }, CREATE_TX_PARAM_KINDS)).toEqual({
      metadata: 'm',
    })
  })
})
