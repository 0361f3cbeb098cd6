import { type AddressLookupTableAccount, PublicKey, TransactionInstruction } from '@solana/web3.js'
import type { Hex } from 'viem'
import type { DlnOrder } from '../orderId/dlnOrder.ts'
import {
  DLN_CANCEL_ORDER_ACCOUNTS,
  DLN_SEND_ORDER_CANCEL_ACCOUNTS,
  encodeDlnCancelOrder,
  encodeDlnSendOrderCancel,
  toDlnSolanaOrder,
} from './dlnDstCancel.ts'
import { takeOrderStateAddress } from './takeOrderStateLayout.ts'
import { unsignedSolanaTx } from './unsignedSolanaTx.ts'

/** Inputs of {@link buildDlnCancelTx}. */
export type DlnCancelTxParams = {
  /** The order's destination authority (base58): fee payer, canceler and only signer. */
  authority: string
  order: DlnOrder
  orderId: Hex
  /** Who the source chain refunds: 0x hex of the source-chain address. */
  beneficiary: Hex
  /** Reward of the keeper that claims the cancel on the source, in lamports. Default 0. */
  executionFeeLamports?: bigint
  /** The DlnDestination program (the real `dst5MG…`, docs/dln.md §4.1). */
  dlnDestination: string
  /** deBridge's sending accounts of sendOrderCancel, by name without `sending.` (docs/dln.md §4.10). */
  sending: Record<string, string>
  /** Tables holding deBridge's sending accounts: the two instructions exceed a packet without. */
  lookupTables?: AddressLookupTableAccount[]
  computeUnitLimit?: number
  computeUnitPriceMicroLamports?: bigint
}

/** `authorizedSrcContract` of dln_dst for a give chain: PDA ["AUTHORIZED_SRC_CONTRACT", chain u256]. */
export function authorizedSrcContractAddress(program: string, giveChainId: bigint): PublicKey {
  const chain = Buffer.from(giveChainId.toString(16).padStart(64, '0'), 'hex')
  return PublicKey.findProgramAddressSync(
    [Buffer.from('AUTHORIZED_SRC_CONTRACT'), chain],
    new PublicKey(program),
  )[0]
}

/**
 * The real cancel of an order into Solana (docs/dln.md §4.10): an unsigned v0 transaction with
 * the compute budget, dln_dst `cancelOrder(order, orderId)` and `sendOrderCancel(orderId,
 * beneficiary, executionFee)`, the authority as canceler, fee payer and `sending.sendFrom`. Pure.
 */
export function buildDlnCancelTx(p: DlnCancelTxParams): { data: Hex } {
  const program = new PublicKey(p.dlnDestination)
  const authority = new PublicKey(p.authority)
  const named: Record<string, string> = {
    takeOrderState: takeOrderStateAddress(p.dlnDestination, p.orderId).toBase58(),
    authorizedSrcContract: authorizedSrcContractAddress(
      p.dlnDestination,
      p.order.giveChainId,
    ).toBase58(),
    canceler: p.authority,
    systemProgram: '11111111111111111111111111111111',
    ...Object.fromEntries(Object.entries(p.sending).map(([k, v]) => [`sending.${k}`, v])),
    'sending.sendFrom': p.authority,
  }
  const writable = new Set([
    'takeOrderState',
    'canceler',
    'sending.nonceStorage',
    'sending.sendFrom',
    'sending.sendFromWallet',
    'sending.externalCallStorage',
    'sending.externalCallMeta',
    'sending.bridge',
    'sending.tokenMint',
    'sending.stakingWallet',
    'sending.state',
    'sending.feeBeneficiary',
  ])
  const keys = (names: readonly string[]) =>
    names.map((n) => {
      const key = named[n]
      if (!key) throw new TypeError(`buildDlnCancelTx: account ${n} is not given`)
      const pubkey = new PublicKey(key)
      return {
        pubkey,
        isSigner: pubkey.equals(authority),
        isWritable: writable.has(n) || pubkey.equals(authority),
      }
    })
  const data = unsignedSolanaTx({
    payer: authority,
    computeUnitLimit: p.computeUnitLimit ?? 200_000,
    computeUnitPriceMicroLamports: p.computeUnitPriceMicroLamports ?? 0n,
    lookupTables: p.lookupTables,
    instructions: [
      new TransactionInstruction({
        programId: program,
        keys: keys(DLN_CANCEL_ORDER_ACCOUNTS),
        data: encodeDlnCancelOrder({
          unvalidatedOrder: toDlnSolanaOrder(p.order),
          orderId: p.orderId,
        }),
      }),
      new TransactionInstruction({
        programId: program,
        keys: keys(DLN_SEND_ORDER_CANCEL_ACCOUNTS),
        data: encodeDlnSendOrderCancel({
          orderId: p.orderId,
          cancelBeneficiary: p.beneficiary,
          executionFee: p.executionFeeLamports ?? 0n,
        }),
      }),
    ],
  })
  return { data }
}
