import type { ApiClient } from '../../api/createApiClient.ts'
import { EVM_NATIVE_TOKEN, SOLANA_NATIVE_TOKEN } from '../../api/requests/addressRules.ts'
import { CANONICAL_USDC } from '../../api/requests/defaultIntermediaryTokens.ts'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import type { Clock } from '../../common/clock.ts'
import type { Logger } from '../../common/Logger.ts'
import { SOLANA_CHAIN_ID } from '../createChainContext.ts'

/** How long the balances wait for a native price before going on without it, ms. */
const NATIVE_PRICE_WAIT_MS = 5_000

/** How long one native price is reused, ms. */
const NATIVE_PRICE_TTL_MS = 60_000

/**
 * USD of one whole native token of a chain, from a single-chain swap quote into USDC, cached for
 * a minute. Used for the engine's view (balances, quote costs), never to judge a payload: the
 * value-flow judge prices with the trusted sources only (P-8.6). Undefined when no quote priced it.
 */
export function createNativePrices(params: {
  api: Pick<ApiClient, 'getSwapTransaction'>
  walletOn: (chainId: number) => string
  clock: Clock
  logger: Logger
  /** How long to wait for the price quote, ms. Default 5 000. */
  waitMs?: number
}): (chainId: number) => Promise<number | undefined> {
  const { api, clock, logger } = params
  const cache = new Map<number, { usd: number; atMs: number }>()
  return async (chainId) => {
    const cached = cache.get(chainId)
    if (cached && clock.nowMs() - cached.atMs < NATIVE_PRICE_TTL_MS) return cached.usd
    const usdc = CANONICAL_USDC[chainId as ChainId]
    if (!usdc) return undefined
    const info = CHAINS[chainId as ChainId]
    let timer: NodeJS.Timeout | undefined
    try {
      const quoting = api.getSwapTransaction({
        chainId: chainId as ChainId,
        tokenIn: chainId === SOLANA_CHAIN_ID ? SOLANA_NATIVE_TOKEN : EVM_NATIVE_TOKEN,
        tokenInAmount: 10n ** BigInt(info.nativeDecimals),
        tokenOut: usdc,
        tokenOutRecipient: params.walletOn(chainId),
      })
      // The price is for the view only: a service that does not answer must not hold the
      // balances (and the tick) until its deadline, which would blame the balances for it.
      const waitMs = params.waitMs ?? NATIVE_PRICE_WAIT_MS
      const timeUp = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the service did not answer a price quote within ${waitMs} ms`)),
          waitMs,
        )
        timer.unref()
      })
      quoting.catch(() => {})
      const quote = await Promise.race([quoting, timeUp])
      cache.set(chainId, { usd: quote.tokenIn.approximateUsdValue, atMs: clock.nowMs() })
      return quote.tokenIn.approximateUsdValue
    } catch (error) {
      logger.warn({ chainId, error: (error as Error).message }, 'no native price')
      return undefined
    } finally {
      clearTimeout(timer)
    }
  }
}
