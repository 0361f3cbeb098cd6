import { getAssociatedTokenAddressSync, NATIVE_MINT } from '@solana/spl-token'
import {
  type AddressLookupTableAccount,
  PublicKey,
  SYSVAR_INSTRUCTIONS_PUBKEY,
  TransactionInstruction,
} from '@solana/web3.js'
import type { Hex } from 'viem'
import type { DlnOrder } from '../orderId/dlnOrder.ts'
import { authorizedDstNativeSenderAddress } from './authorizedDstNativeSender.ts'
import { claimCancelCalldata, debridgeSendingAccounts } from './debridgeSendingAccounts.ts'
import {
  DLN_CANCEL_ORDER_ACCOUNTS,
  DLN_PREPARE_SEND_ACCOUNTS,
  DLN_SEND_ORDER_CANCEL_ACCOUNTS,
  encodeDlnCancelOrder,
  encodeDlnPrepareSend,
  encodeDlnSendOrderCancel,
  toDlnSolanaOrder,
} from './dlnDstCancel.ts'
import { takeOrderStateAddress } from './takeOrderStateLayout.ts'
import { unsignedSolanaTx } from './unsignedSolanaTx.ts'

/** Compute budget of deBridge's own cancel: 500 000 units at 1 000 µlamports (docs/dln.md §4.10). */
export const DLN_CANCEL_COMPUTE = { unitLimit: 500_000, unitPriceMicroLamports: 1_000n } as const

/** Inputs of {@link buildDlnCancelTx}. */
export type DlnCancelTxParams = {
  /** The order's destination authority (base58): fee payer, canceler, payer and only signer. */
  authority: string
  order: DlnOrder
  orderId: Hex
  /** Who the source chain refunds: 0x hex of the source-chain address. */
  beneficiary: Hex
  /** Reward of the keeper that claims the cancel on the source, in lamports. Default 0. */
  executionFeeLamports?: bigint
  /** The DlnDestination program (the real `dst5MG…`, docs/dln.md §4.1). */
  dlnDestination: string
  /** deBridge state's fee beneficiary (base58): read from its state, not derivable. */
  feeBeneficiary: string
  /** Tables holding deBridge's sending accounts: the instructions exceed a packet without. */
  lookupTables?: AddressLookupTableAccount[]
  /** Default {@link DLN_CANCEL_COMPUTE}. */
  computeUnitLimit?: number
  /** Default {@link DLN_CANCEL_COMPUTE}. */
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

const WRITABLE = new Set([
  'takeOrderState',
  'canceler',
  'sendFrom',
  'sendFromWallet',
  'payer',
  'payerWallet',
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

/**
 * The real cancel of an order into Solana, in the shape deBridge's own SDK builds it (docs/dln.md
 * §4.10): an unsigned v0 transaction with the compute budget, dln_dst `cancelOrder(order,
 * orderId)`, `prepareSend()` and `sendOrderCancel(orderId, beneficiary, executionFee)`. The
 * authority is the canceler, the fee payer and `prepareSend`'s payer; deBridge is paid by dln_dst's
 * shared sender PDA, which `prepareSend` funds. Pure.
 */
export function buildDlnCancelTx(p: DlnCancelTxParams): { data: Hex } {
  const program = new PublicKey(p.dlnDestination)
  const authority = new PublicKey(p.authority)
  const takeOrderState = takeOrderStateAddress(p.dlnDestination, p.orderId).toBase58()
  const sending = debridgeSendingAccounts({
    sendFrom: authorizedDstNativeSenderAddress(p.dlnDestination).toBase58(),
    chainIdTo: p.order.giveChainId,
    externalCall: claimCancelCalldata(p.orderId, p.beneficiary),
    feeBeneficiary: p.feeBeneficiary,
  })
  const named: Record<string, string> = {
    takeOrderState,
    authorizedSrcContract: authorizedSrcContractAddress(
      p.dlnDestination,
      p.order.giveChainId,
    ).toBase58(),
    canceler: p.authority,
    systemProgram: '11111111111111111111111111111111',
    ...Object.fromEntries(Object.entries(sending).map(([k, v]) => [`sending.${k}`, v])),
    sendFrom: sending.sendFrom!,
    sendFromWallet: sending.sendFromWallet!,
    payer: p.authority,
    payerWallet: getAssociatedTokenAddressSync(NATIVE_MINT, authority, true).toBase58(),
    chainSupportInfo: sending.chainSupportInfo!,
    debridgeState: sending.state!,
    splTokenProgram: sending.splTokenProgram!,
    instructions: SYSVAR_INSTRUCTIONS_PUBKEY.toBase58(),
  }
  const ix = (names: readonly string[], data: Buffer) =>
    new TransactionInstruction({
      programId: program,
      data,
      keys: names.map((n) => {
        const key = named[n]
        if (!key) throw new TypeError(`buildDlnCancelTx: account ${n} is not given`)
        const pubkey = new PublicKey(key)
        return { pubkey, isSigner: pubkey.equals(authority), isWritable: WRITABLE.has(n) }
      }),
    })
  const data = unsignedSolanaTx({
    payer: authority,
    computeUnitLimit: p.computeUnitLimit ?? DLN_CANCEL_COMPUTE.unitLimit,
    computeUnitPriceMicroLamports:
      p.computeUnitPriceMicroLamports ?? DLN_CANCEL_COMPUTE.unitPriceMicroLamports,
    lookupTables: p.lookupTables,
    instructions: [
      ix(
        DLN_CANCEL_ORDER_ACCOUNTS,
        encodeDlnCancelOrder({ unvalidatedOrder: toDlnSolanaOrder(p.order), orderId: p.orderId }),
      ),
      ix(DLN_PREPARE_SEND_ACCOUNTS, encodeDlnPrepareSend()),
      ix(
        DLN_SEND_ORDER_CANCEL_ACCOUNTS,
        encodeDlnSendOrderCancel({
          orderId: p.orderId,
          cancelBeneficiary: p.beneficiary,
          executionFee: p.executionFeeLamports ?? 0n,
        }),
      ),
    ],
  })
  return { data }
}
