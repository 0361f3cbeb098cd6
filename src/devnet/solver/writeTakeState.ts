import { PublicKey } from '@solana/web3.js'
import { SOLANA_PROGRAMS } from '../../chains/chainRegistry.ts'
import {
  encodeTakeOrderState,
  type OrderTakeStatus,
  takeOrderStatePda,
} from '../../chains/solana/takeOrderStateLayout.ts'
import { callSolanaDevnet } from '../solana/callSolanaDevnet.ts'

/**
 * Writes an order's take-state account under the real DlnDestination program id, as the program
 * would on a fill (`Fulfilled`) or a cancel (`SentCancel`); ferry reads it as the order's state
 * on Solana (readSolanaOrderFill). `unlockAuthority` defaults to the default key (a cancel has none).
 */
export async function writeTakeState(
  rpcUrl: string,
  params: {
    orderId: string
    status: OrderTakeStatus
    sourceChainId: number
    unlockAuthority?: PublicKey
  },
): Promise<void> {
  const program = SOLANA_PROGRAMS.dlnDestination
  const { address, bump } = takeOrderStatePda(program, params.orderId)
  const data = encodeTakeOrderState({
    status: params.status,
    unlockAuthority: params.unlockAuthority ?? PublicKey.default,
    orderId: params.orderId,
    sourceChainId: params.sourceChainId,
    bump,
  })
  await callSolanaDevnet(rpcUrl, 'devnet_setAccount', [
    address.toBase58(),
    data.toString('base64'),
    program,
  ])
}
