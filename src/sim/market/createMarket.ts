import type { ChainId } from '../../api/schemas/chainId.ts'
import { createSeededRandom } from '../random/createSeededRandom.ts'
import type { Market, MarketSwap } from './market.ts'
import { DEFAULT_MARKET_CONFIG, type MarketConfig } from './marketConfig.ts'
import type { MarketToken } from './marketToken.ts'

const MAJORS = ['ETH', 'BTC']

// Prices become integers of 1e-12 USD so that conversions stay in bigint and floor exactly.
const toScaled = (usd: number): bigint => BigInt(Math.round(usd * 1e12))
const pow10 = (decimals: number): bigint => 10n ** BigInt(decimals)
const normalize = (address: string): string =>
  address.startsWith('0x') ? address.toLowerCase() : address

/**
 * Creates a deterministic, seedable market from `overrides` on top of
 * {@link DEFAULT_MARKET_CONFIG}. Two markets with the same config and the same number of
 * {@link Market.step} calls quote exactly the same amounts.
 */
export function createMarket(overrides: Partial<MarketConfig> = {}): Market {
  const config: MarketConfig = { ...DEFAULT_MARKET_CONFIG, ...overrides }
  const prices = new Map(Object.entries(config.pricesUsd))
  const random = createSeededRandom(config.seed)
  let steps = 0

  const byKey = new Map<string, MarketToken>()
  const byChain = new Map<ChainId, MarketToken[]>()
  for (const token of config.tokens) {
    byKey.set(`${token.chainId}:${normalize(token.address)}`, token)
    byChain.set(token.chainId, [...(byChain.get(token.chainId) ?? []), token])
  }

  const priceUsd = (symbol: string): number => {
    const price = prices.get(symbol)
    if (price === undefined) throw new RangeError(`no USD price for ${symbol}`)
    return price
  }

  const depthUsd = (a: string, b: string): number => {
    const key = [a, b].sort().join('/')
    const explicit = config.poolDepthUsd[key]
    if (explicit !== undefined) return explicit
    const pegged = [a, b].filter((s) => config.peggedSymbols.includes(s)).length
    if (pegged === 2) return config.stablePoolDepthUsd
    if (pegged === 1 && [a, b].some((s) => MAJORS.includes(s))) return config.majorPoolDepthUsd
    return config.defaultPoolDepthUsd
  }

  const convert = (from: MarketToken, amount: bigint, to: MarketToken): bigint => {
    if (from.priceSymbol === to.priceSymbol)
      return (amount * pow10(to.decimals)) / pow10(from.decimals)
    const numerator = amount * toScaled(priceUsd(from.priceSymbol)) * pow10(to.decimals)
    return numerator / (toScaled(priceUsd(to.priceSymbol)) * pow10(from.decimals))
  }

  const swap = (from: MarketToken, amount: bigint, to: MarketToken): MarketSwap => {
    const spotAmountOut = convert(from, amount, to)
    // Wrapping (ETH <-> WETH) or bridging one asset has no pool, hence no impact.
    if (from.priceSymbol === to.priceSymbol) {
      return { amountOut: spotAmountOut, spotAmountOut, priceImpactBps: 0, poolDepthUsd: 0 }
    }
    const poolDepthUsd = depthUsd(from.priceSymbol, to.priceSymbol)
    const depth = toScaled(poolDepthUsd)
    const inUsd = (amount * toScaled(priceUsd(from.priceSymbol))) / pow10(from.decimals)
    const afterFee = (spotAmountOut * BigInt(10_000 - config.lpFeeBps)) / 10_000n
    const amountOut = (afterFee * depth) / (depth + inUsd)
    const priceImpactBps =
      spotAmountOut === 0n ? 0 : Number(((spotAmountOut - amountOut) * 10_000n) / spotAmountOut)
    return { amountOut, spotAmountOut, priceImpactBps, poolDepthUsd }
  }

  const step = (count = 1): void => {
    const symbols = [...prices.keys()].sort()
    for (let i = 0; i < count; i++) {
      steps++
      for (const symbol of symbols) {
        // Draw for every symbol, pegged or not, so adding a walk to one symbol does not shift
        // the sequence the others see.
        const draw = random() * 2 - 1
        if (config.peggedSymbols.includes(symbol)) continue
        const stepBps = config.walkStepBps[symbol] ?? config.defaultWalkStepBps
        prices.set(symbol, priceUsd(symbol) * (1 + (draw * stepBps) / 10_000))
      }
    }
  }

  return {
    config,
    stepCount: () => steps,
    tokensOf: (chainId: ChainId) => [...(byChain.get(chainId) ?? [])],
    findToken: (chainId, address) => byKey.get(`${chainId}:${normalize(address)}`),
    nativeToken(chainId) {
      const native = config.tokens.find((t) => t.chainId === chainId && t.isNative)
      if (!native) throw new RangeError(`no native token configured for chain ${chainId}`)
      return native
    },
    priceUsd,
    volatilityBps: (token) =>
      config.volatilityBps[token.priceSymbol] ?? config.defaultVolatilityBps,
    valueUsd: (token, amount) =>
      Number((amount * toScaled(priceUsd(token.priceSymbol))) / pow10(token.decimals)) / 1e12,
    amountForUsd: (token, usd) =>
      (toScaled(usd) * pow10(token.decimals)) / toScaled(priceUsd(token.priceSymbol)),
    convert,
    swap,
    step,
  }
}
