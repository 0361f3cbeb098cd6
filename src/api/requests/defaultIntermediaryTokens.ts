import type { ChainId } from '../schemas/chainId.ts'
import { EVM_NATIVE_TOKEN, SOLANA_NATIVE_TOKEN } from './addressRules.ts'

/**
 * USDC issued by its regulated issuer, per chain where ferry knows the canonical address.
 * Lower-case for EVM. A chain missing here has no default USDC: any intermediary token on it
 * counts as arbitrary (docs/service.md §4.4 rule 3), which is the safe reading.
 */
export const CANONICAL_USDC: Partial<Record<ChainId, string>> = {
  1: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  10: '0x0b2c639c533813f4aa9d7837caf62653d097ff85',
  137: '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359',
  8453: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  42161: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  43114: '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e',
  59144: '0x176211869ca2b568f2a7d4ee941e073a821ee1ff',
  7565164: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
}

/**
 * Whether `token` is a default intermediary token of `chainId`: the chain's native currency or
 * its canonical USDC (docs/service.md §4.4, srcIntermediaryTokenAddress). Any other token is "arbitrary".
 */
export function isDefaultIntermediaryToken(chainId: ChainId, token: string): boolean {
  const normalized = token.startsWith('0x') ? token.toLowerCase() : token
  if (normalized === EVM_NATIVE_TOKEN || normalized === SOLANA_NATIVE_TOKEN) return true
  return CANONICAL_USDC[chainId] === normalized
}
