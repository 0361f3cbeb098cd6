import type { Hex } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { encodeBase58 } from '../../chains/base58.ts'
import { hexBytes } from './hexBytes.ts'

/** An order's address bytes as the chain writes them: base58 on Solana, the hex elsewhere. */
export function addressText(chainId: number, bytes: Hex): string {
  return chainId === SOLANA_CHAIN_ID ? encodeBase58(hexBytes(bytes)) : bytes
}
