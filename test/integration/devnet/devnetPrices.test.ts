import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createEvmRpc } from '../../../src/chains/evm/createEvmRpc.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import { createMarket } from '../../../src/sim/market/createMarket.ts'
import { createTrustedPriceSource } from '../../../src/verify/prices/createTrustedPriceSource.ts'

const demo = parseFerryConfig(
  readFileSync(new URL('../../../config/demo.yaml', import.meta.url), 'utf8'),
  {},
)
if (!demo.ok) throw new Error(JSON.stringify(demo.problems))
const { prices } = demo.config

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ solana: false, solver: false })
}, 120_000)
afterAll(async () => {
  await devnet?.stop()
})

describe('devnet price feeds', () => {
  test('behavior: demo.yaml prices every entry from the devnet feeds at the market prices the simulator quotes from', async () => {
    const reads = new Map(devnet.evm.map((c) => [c.chainId as number, createEvmRpc(c.rpcUrl).read]))
    const source = createTrustedPriceSource({ prices, readClient: (id) => reads.get(id) })
    const snapshot = await source.snapshot(
      prices.map((p) => ({ chainId: p.chainId as never, token: p.token })),
    )
    // The simulator builds its market from the same seed with no walk: these are its prices.
    const market = createMarket({ seed: 1 })
    const usd = (chainId: number, token: string) =>
      Number(snapshot.get(chainId as never, token)!.usdE18 / 10n ** 12n) / 1e6
    for (const p of prices) expect(snapshot.get(p.chainId as never, p.token), p.token).toBeDefined()
    const native = '0x0000000000000000000000000000000000000000'
    expect(usd(42161, native)).toBe(market.priceUsd('ETH'))
    expect(usd(8453, native)).toBe(market.priceUsd('ETH'))
    expect(usd(42161, '0x82af49447d8a07e3bd95bd0d56f35241523fbab1')).toBe(market.priceUsd('ETH'))
    expect(usd(7565164, '11111111111111111111111111111111')).toBe(market.priceUsd('SOL'))
    expect(usd(7565164, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(1)
    expect(
      snapshot.get(8453 as never, '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')?.decimals,
    ).toBe(6)
  })
})
