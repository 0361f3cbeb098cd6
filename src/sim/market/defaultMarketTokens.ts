import { EVM_NATIVE_TOKEN, SOLANA_NATIVE_TOKEN } from '../../api/requests/addressRules.ts'
import { CANONICAL_USDC } from '../../api/requests/defaultIntermediaryTokens.ts'
import {
  CHAIN_IDS,
  type ChainId,
  SOLANA_CHAIN_ID,
  TRON_CHAIN_ID,
} from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import type { MarketToken } from './marketToken.ts'

type Erc20 = [symbol: string, address: string, decimals: number]

// Canonical mainnet contracts. A token missing on a chain is omitted rather than guessed.
const ERC20S: Partial<Record<ChainId, Erc20[]>> = {
  1: [
    ['USDT', '0xdac17f958d2ee523a2206206994597c13d831ec7', 6],
    ['WETH', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', 18],
    ['WBTC', '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', 8],
  ],
  10: [
    ['USDT', '0x94b008aa00579c1307b0ef2c499ad98a8ce58e58', 6],
    ['WETH', '0x4200000000000000000000000000000000000006', 18],
    ['WBTC', '0x68f180fcce6836688e9084f035309e29bf0a2095', 8],
  ],
  56: [
    ['USDT', '0x55d398326f99059ff775485246999027b3197955', 18],
    ['WETH', '0x2170ed0880ac9a755fd29b2688956bd959f933f8', 18],
  ],
  137: [
    ['USDT', '0xc2132d05d31c914a87c6611c10748aeb04b58e8f', 6],
    ['WETH', '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619', 18],
    ['WBTC', '0x1bfd67037b42cf73acf2047067bd4f2c47d9bfd6', 8],
  ],
  8453: [
    ['USDT', '0xfde4c96c8593536e31f229ea8f37b2ada2699bb2', 6],
    ['WETH', '0x4200000000000000000000000000000000000006', 18],
  ],
  42161: [
    ['USDT', '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9', 6],
    ['WETH', '0x82af49447d8a07e3bd95bd0d56f35241523fbab1', 18],
    ['WBTC', '0x2f2a2543b76a4166549f7aab2e75bef0aefc5b0f', 8],
  ],
  43114: [
    ['USDT', '0x9702230a8ea53601f5cd2dc00fdbc13d4df4a8c7', 6],
    ['WETH', '0x49d5c2bdffac6ce2bfdb6640f4f80f226bc10bab', 18],
    ['WBTC', '0x50b7545627a5162f82a992c33b87adc75187b52b', 8],
  ],
  59144: [
    ['USDT', '0xa219439258ca9da29e9cc4ce5596924745e12b93', 6],
    ['WETH', '0xe5d7c2a44ffddf6b295a15c148167daaaf5cf34f', 18],
    ['WBTC', '0x3aab2285ddcddad8edf438c1bab47e1a9d05a9b4', 8],
  ],
  // Gnosis: Circle's bridged USDC (USDC.e), the stablecoin DLN settles in there.
  100000002: [['USDC', '0x2a22f9c3b484c3629090feed35f17ff8f88f76f0', 6]],
  [SOLANA_CHAIN_ID]: [['USDT', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6]],
}

/** TRON's native sentinel (docs/dln.md §1.1): base58 of the zero address. */
const TRON_NATIVE_TOKEN = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'

// USDC on BNB Chain is the Binance-peg token with 18 decimals, unlike everywhere else.
const BNB_USDC: Erc20 = ['USDC', '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d', 18]

const NAMES: Record<string, string> = {
  USDC: 'USD Coin',
  USDT: 'Tether USD',
  WETH: 'Wrapped Ether',
  WBTC: 'Wrapped BTC',
}

const PRICE_SYMBOLS: Record<string, string> = { WETH: 'ETH', WBTC: 'BTC' }

function nativeOf(chainId: ChainId): MarketToken {
  const chain = CHAINS[chainId]
  return {
    chainId,
    address:
      chainId === SOLANA_CHAIN_ID
        ? SOLANA_NATIVE_TOKEN
        : chainId === TRON_CHAIN_ID
          ? TRON_NATIVE_TOKEN
          : EVM_NATIVE_TOKEN,
    symbol: chain.nativeSymbol,
    name: chain.nativeSymbol === 'ETH' ? 'Ether' : chain.nativeSymbol,
    decimals: chain.nativeDecimals,
    priceSymbol: chain.nativeSymbol,
    isNative: true,
  }
}

function erc20Of(chainId: ChainId, [symbol, address, decimals]: Erc20): MarketToken {
  return {
    chainId,
    address,
    symbol,
    name: NAMES[symbol] ?? symbol,
    decimals,
    priceSymbol: PRICE_SYMBOLS[symbol] ?? symbol,
    isNative: false,
  }
}

/**
 * The default token registry of the simulated market: every chain of docs/service.md §4.4 has its native
 * currency (symbol and decimals from CHAINS); the eight large EVM chains add USDC, USDT, WETH and
 * WBTC where they exist, with their canonical mainnet addresses and real decimals; Solana adds
 * USDC and USDT. Native currencies use the service's sentinels (docs/dln.md §1.1): the EVM zero
 * address, `11111111111111111111111111111111` on Solana, `T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb` on
 * TRON.
 */
export const DEFAULT_MARKET_TOKENS: readonly MarketToken[] = CHAIN_IDS.flatMap((chainId) => {
  const usdc = CANONICAL_USDC[chainId]
  const usdcRow: Erc20 | undefined =
    chainId === 56 ? BNB_USDC : usdc ? ['USDC', usdc, 6] : undefined
  return [
    nativeOf(chainId),
    ...(usdcRow ? [erc20Of(chainId, usdcRow)] : []),
    ...(ERC20S[chainId] ?? []).map((row) => erc20Of(chainId, row)),
  ]
})
