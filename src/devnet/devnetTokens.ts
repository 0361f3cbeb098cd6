import type { Address } from 'viem'
import { DEFAULT_MARKET_TOKENS } from '../sim/market/defaultMarketTokens.ts'
import { DEVNET_ADDRESSES } from './devnetAddresses.ts'

/** The ERC-20 test tokens of every devnet chain. */
export type DevnetTokenSymbol = 'USDC' | 'USDT' | 'WETH' | 'WBTC'

/** One test token as installed on one chain. */
export type DevnetToken = {
  symbol: DevnetTokenSymbol
  name: string
  /** Lower-case 0x address. */
  address: Address
  decimals: number
  /** The contract placed there: USDC has FiatToken v2's permit, USDT the approve quirk, WETH deposit/withdraw. */
  contract: 'SimToken' | 'SimUsdc' | 'SimUsdt' | 'SimWeth'
  /** Whether `address` is the real token's mainnet address (else a DEVNET_ADDRESSES one). */
  canonical: boolean
}

const DEFAULTS: Record<DevnetTokenSymbol, Omit<DevnetToken, 'address' | 'canonical'>> = {
  USDC: { symbol: 'USDC', name: 'USD Coin', decimals: 6, contract: 'SimUsdc' },
  USDT: { symbol: 'USDT', name: 'Tether USD', decimals: 6, contract: 'SimUsdt' },
  WETH: { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, contract: 'SimWeth' },
  WBTC: { symbol: 'WBTC', name: 'Wrapped BTC', decimals: 8, contract: 'SimToken' },
}

/**
 * The four test tokens of chain `chainId`. Address and decimals come from the simulator's market
 * registry (DEFAULT_MARKET_TOKENS: USDC from CANONICAL_USDC, USDT/WETH/WBTC mainnet addresses),
 * so quotes and the devnet agree; a token the registry lacks on that chain (e.g. WBTC on Base)
 * gets its DEVNET_ADDRESSES.tokens address and its usual decimals.
 */
export function devnetTokens(chainId: number): Record<DevnetTokenSymbol, DevnetToken> {
  const pick = (symbol: DevnetTokenSymbol): DevnetToken => {
    const known = DEFAULT_MARKET_TOKENS.find(
      (t) => t.chainId === chainId && t.symbol === symbol && !t.isNative,
    )
    if (known?.address.startsWith('0x')) {
      return {
        ...DEFAULTS[symbol],
        name: known.name,
        address: known.address.toLowerCase() as Address,
        decimals: known.decimals,
        canonical: true,
      }
    }
    return { ...DEFAULTS[symbol], address: DEVNET_ADDRESSES.tokens[symbol], canonical: false }
  }
  return { USDC: pick('USDC'), USDT: pick('USDT'), WETH: pick('WETH'), WBTC: pick('WBTC') }
}
