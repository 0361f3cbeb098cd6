import type { Connection } from '@solana/web3.js'
import { bytesToHex } from 'viem'
import { decodeBase58 } from '../base58.ts'
import type { OrderFillState } from '../evm/readOrderFill.ts'
import {
  ORDER_TAKE_STATUS,
  TAKE_ORDER_STATE_DISCRIMINATOR,
  takeOrderStateAddress,
} from './takeOrderStateLayout.ts'

/**
 * Reads an order's state on Solana, its destination, from the DlnDestination program's take-state
 * account (PDA `["TAKE_ORDER_STATE", orderId]`): the evidence of a fill, as FulfilledOrder is on
 * EVM (docs/safety.md P-2.5). No account: still open. An account the program does not own, or
 * with another discriminator, is never taken as a fill. `txHash` is the oldest of the account's
 * last ten transactions (the fill, unless an unlock followed), as 0x + the signature's 64 bytes.
 */
export async function readSolanaOrderFill(
  connection: Connection,
  params: { dlnDestination: string; orderId: string },
): Promise<OrderFillState> {
  const address = takeOrderStateAddress(params.dlnDestination, params.orderId)
  const account = await connection.getAccountInfo(address)
  if (!account) return { kind: 'open' }
  const data = account.data
  if (
    account.owner.toBase58() !== params.dlnDestination ||
    data.length < 9 ||
    !Buffer.from(data.subarray(0, 8)).equals(Buffer.from(TAKE_ORDER_STATE_DISCRIMINATOR))
  ) {
    throw new Error(`the take state of ${params.orderId} is not the destination program's`)
  }
  const status = ORDER_TAKE_STATUS[data[8]!]
  if (status === 'Cancelled' || status === 'SentCancel') return { kind: 'cancelled' }
  if (status === undefined) throw new Error(`unknown take status ${data[8]} for ${params.orderId}`)
  const signatures = await connection
    .getSignaturesForAddress(address, { limit: 10 })
    .catch(() => [])
  const first = signatures.at(-1)
  return {
    kind: 'filled',
    txHash: first ? bytesToHex(decodeBase58(first.signature)) : undefined,
    amountOut: undefined,
    blockNumber: first ? BigInt(first.slot) : undefined,
  }
}
