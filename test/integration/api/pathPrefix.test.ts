import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApiClient } from '../../../src/api/createApiClient.ts'
import type { CreateTxParams } from '../../../src/api/requests/buildCreateTxQuery.ts'
import { resolveServiceSettings } from '../../../src/settings/resolveServiceSettings.ts'
import { type RecordingProxy, startRecordingProxy } from '../../helpers/startRecordingProxy.ts'
import { ADDR, startTestSim, type TestSim } from '../sim/startTestSim.ts'

let sim: TestSim
let proxy: RecordingProxy
beforeAll(async () => {
  sim = await startTestSim()
  proxy = await startRecordingProxy(sim.server.baseUrl)
})
afterAll(async () => {
  await proxy?.close()
  await sim?.server.close()
})

const ORDER_WITH_HOOK: CreateTxParams = {
  srcChainId: 42161,
  srcChainTokenIn: ADDR.arbUsdc,
  srcChainTokenInAmount: 100_000_000n,
  dstChainId: 8453,
  dstChainTokenOut: ADDR.baseUsdc,
  dstChainTokenOutAmount: 'auto',
  dstChainTokenOutRecipient: ADDR.maker,
  srcChainOrderAuthorityAddress: ADDR.maker,
  dstChainOrderAuthorityAddress: ADDR.maker,
  netHook: {
    type: 'evm_transaction_call',
    data: { to: ADDR.other, calldata: '0xdeadbeef', gas: 100_000 },
  },
}

const client = (pathPrefix?: 'net' | 'dln') =>
  createApiClient({
    apiUrl: proxy.url,
    statsUrl: proxy.url,
    retries: 0,
    requestsPerMinute: 1_000_000,
    ...(pathPrefix ? { pathPrefix } : {}),
  })

describe("the service's order paths (service.pathPrefix)", () => {
  test("default: the seed's path, /v1.0/net/order/create-tx, with netHook", async () => {
    const result = await client().createOrderTx(ORDER_WITH_HOOK)
    expect(result.kind).toBe('tx')
    const seen = proxy.requests.at(-1)!
    expect(seen.path).toBe('/v1.0/net/order/create-tx')
    expect(seen.query.has('netHook')).toBe(true)
  })

  test("behavior: dln takes the real service's path and calls the hook dlnHook; the simulator answers both", async () => {
    const result = await client('dln').createOrderTx(ORDER_WITH_HOOK)
    expect(result.kind).toBe('tx')
    const seen = proxy.requests.at(-1)!
    expect(seen.status).toBe(200)
    expect(seen.path).toBe('/v1.0/dln/order/create-tx')
    expect(seen.query.has('netHook')).toBe(false)
    expect(JSON.parse(seen.query.get('dlnHook')!)).toEqual(ORDER_WITH_HOOK.netHook)
    // Single-chain swaps have one path on both services.
    const openApi = (await sim.get('/openapi.json')).json as { paths: Record<string, unknown> }
    expect(Object.keys(openApi.paths)).toEqual(
      expect.arrayContaining(['/v1.0/net/order/create-tx', '/v1.0/dln/order/create-tx']),
    )
  })

  test('behavior: --path-prefix, then FERRY_PATH_PREFIX, then service.pathPrefix; a bad env value names it', () => {
    const url = { apiUrl: 'http://127.0.0.1:1' }
    expect(resolveServiceSettings({ flags: url, env: {} }).pathPrefix).toBe('net')
    expect(
      resolveServiceSettings({ flags: url, env: { FERRY_PATH_PREFIX: 'dln' } }).pathPrefix,
    ).toBe('dln')
    expect(
      resolveServiceSettings({
        flags: { ...url, pathPrefix: 'net' },
        env: { FERRY_PATH_PREFIX: 'dln' },
      }).pathPrefix,
    ).toBe('net')
    expect(() => resolveServiceSettings({ flags: url, env: { FERRY_PATH_PREFIX: 'v2' } })).toThrow(
      /FERRY_PATH_PREFIX/,
    )
  })
})
