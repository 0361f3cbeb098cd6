import type { Address } from 'viem'
import { DEFAULT_QUOTE_CONFIG } from '../sim/quote/quoteConfig.ts'

/**
 * Devnet-only addresses: contracts with no real counterpart, and token addresses for chains
 * where the real token does not exist (see devnetTokens). The `0xde70…` prefix marks them as
 * devnet inventions; the swap router sits where the simulator's quotes send pre-swaps
 * (DEFAULT_QUOTE_CONFIG.swapRouterAddress).
 */
export const DEVNET_ADDRESSES = {
  /** SimSwapRouter, the router of the forwarder's pre-swap and of single-chain swaps. */
  swapRouter: DEFAULT_QUOTE_CONFIG.swapRouterAddress as Address,
  /** DevnetMessenger, in place of the deBridge gate. */
  messenger: '0xde70000000000000000000000000000000000001',
  /** SimHookTarget, a hook target for demos and tests. */
  hookTarget: '0xde70000000000000000000000000000000000002',
  /** The impersonated account that sends the initialize calls (no key; funded on install). */
  installer: '0xde70000000000000000000000000000000000003',
  /**
   * SimPriceFeed USD feeds (8 decimals, Chainlink-style) per price symbol, on every devnet EVM
   * chain, published from the simulator's market prices; config/demo.yaml names them.
   */
  priceFeeds: {
    ETH: '0xde70000000000000000000000000000000000f01',
    SOL: '0xde70000000000000000000000000000000000f02',
    BTC: '0xde70000000000000000000000000000000000f03',
  },
  /** Token addresses on chains without the real token. */
  tokens: {
    USDC: '0xde70000000000000000000000000000000000a01',
    USDT: '0xde70000000000000000000000000000000000a02',
    WETH: '0xde70000000000000000000000000000000000a03',
    WBTC: '0xde70000000000000000000000000000000000a04',
  },
} as const satisfies Record<string, Address | Record<string, Address>>
