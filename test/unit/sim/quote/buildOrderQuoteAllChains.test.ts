import { describe, expect, test } from 'vitest'
import { createTxParamsSchema } from '../../../../src/api/requests/buildCreateTxQuery.ts'
import { CHAIN_IDS, type ChainId } from '../../../../src/api/schemas/chainId.ts'
import { orderTxResponseSchema } from '../../../../src/api/schemas/orderQuote.ts'
import { EVM_CONTRACTS } from '../../../../src/chains/chainRegistry.ts'
import { createMarket } from '../../../../src/sim/market/createMarket.ts'
import { buildOrderQuote } from '../../../../src/sim/quote/buildOrderQuote.ts'

const addressOf = (chainId: ChainId): string =>
  chainId === 7565164
    ? '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
    : chainId === 100000026
      ? 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
      : '0x2222222222222222222222222222222222222222'

describe('buildOrderQuote on every chain pair', () => {
  test('default: $100 of native into native builds a schema-valid order for all 552 pairs', () => {
    const market = createMarket()
    let built = 0
    for (const src of CHAIN_IDS) {
      const native = market.nativeToken(src)
      for (const dst of CHAIN_IDS) {
        if (src === dst) continue
        const params = createTxParamsSchema.parse({
          srcChainId: src,
          srcChainTokenIn: native.address,
          srcChainTokenInAmount: market.amountForUsd(native, 100),
          dstChainId: dst,
          dstChainTokenOut: market.nativeToken(dst).address,
          dstChainTokenOutRecipient: addressOf(dst),
          srcChainOrderAuthorityAddress: addressOf(src),
          dstChainOrderAuthorityAddress: addressOf(dst),
          senderAddress: addressOf(src),
        })
        const q = buildOrderQuote(params, { market, nowMs: 1 })
        const parsed = orderTxResponseSchema.safeParse(q)
        expect(parsed.success, `${src} -> ${dst}`).toBe(true)
        const outUsd = q.estimation.dstChainTokenOut.approximateUsdValue
        // Fees, opex and impact never take more than a few dollars of $100 here.
        expect(outUsd, `${src} -> ${dst}`).toBeGreaterThan(90)
        expect(outUsd, `${src} -> ${dst}`).toBeLessThan(100)
        if (src !== 7565164) {
          expect([EVM_CONTRACTS.dlnSource, EVM_CONTRACTS.forwarder]).toContain(q.tx?.to)
        }
        built++
      }
    }
    expect(built).toBe(552)
  })
})
