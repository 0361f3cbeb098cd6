import { type Connection, PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { computeOrderId } from '../../chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'
import { decodeDlnSolanaInstruction } from '../../chains/solana/decodeDlnSolanaInstruction.ts'
import { dlnOrderOfCreate } from '../../chains/solana/dlnOrderOfCreate.ts'
import type { DlnCreateOrder } from '../../chains/solana/dlnSrcCreateOrder.ts'
import { readSolanaLookupTables } from '../../chains/solana/readSolanaLookupTables.ts'
import { resolveSolanaMessage } from '../../chains/solana/resolveSolanaMessage.ts'
import { giveAmountOfGiveOrderState } from '../solana/standIn/dlnSrc/dlnSrcAccountLayouts.ts'

/** An order a landed dln_src create made, as the solver acts on it. */
export type SolanaCreatedOrder = {
  orderId: Hex
  order: DlnOrder
  referralCode: number
  /** The percent and affiliate fees, in give-token base units. */
  percentFee: bigint
  giveOrderWallet: string
  giveOrderState: string
}

// dln_src's percent fee on Solana (docs/dln.md §1.5), as the devnet's State holds it.
const PERCENT_FEE_BPS = 4n

/**
 * The orders a landed transaction created (docs/dln.md §4.10): each dln_src
 * `createOrderWithNonce`, decoded by IDL through the transaction's lookup tables, counts only when
 * the GiveOrderState it names exists with the order's give amount (the program really ran).
 * `createOrder` (nonce from nonceMaster) is not read: the simulator never builds it.
 */
export async function solanaOrdersOfTx(
  connection: Connection,
  txData: Hex,
  dlnSource: string,
): Promise<SolanaCreatedOrder[]> {
  let resolved = resolveSolanaMessage(txData)
  if (resolved.tables.length > 0) {
    const tables = await readSolanaLookupTables(
      connection,
      resolved.tables.map((t) => t.table),
    )
    resolved = resolveSolanaMessage(txData, tables)
  }
  const out: SolanaCreatedOrder[] = []
  for (const [i, ix] of resolved.instructions.entries()) {
    if (ix.programId !== dlnSource) continue
    const accounts = ix.accounts.map((a) => (typeof a === 'string' ? a : ''))
    let decoded: ReturnType<typeof decodeDlnSolanaInstruction>
    try {
      decoded = decodeDlnSolanaInstruction({ ...ix, accounts }, `instructions[${i}]`, {
        dlnSource,
        dlnDestination: '',
      })
    } catch {
      continue
    }
    if (decoded?.name !== 'createOrderWithNonce') continue
    const create = decoded.args as DlnCreateOrder
    const { maker, tokenMint, giveOrderState, giveOrderWallet } = decoded.accounts as Record<
      string,
      string
    >
    const order = dlnOrderOfCreate(
      create,
      { maker: maker!, tokenMint: tokenMint! },
      PERCENT_FEE_BPS,
    )
    if (!order) continue
    const state = await connection.getAccountInfo(new PublicKey(giveOrderState!))
    if (giveAmountOfGiveOrderState(state?.data) !== order.giveAmount) continue
    out.push({
      orderId: computeOrderId(order),
      order,
      referralCode: create.referralCode ?? 0,
      percentFee: create.orderArgs.giveOriginalAmount - order.giveAmount,
      giveOrderWallet: giveOrderWallet!,
      giveOrderState: giveOrderState!,
    })
  }
  return out
}
