import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js'
import type { Hex } from 'viem'
import { MEMO_PROGRAM } from './decodeSolanaOrderTx.ts'
import { cancelFeeAccount, encodeCancelMemo } from './solanaCancelLayout.ts'
import { takeOrderStateAddress } from './takeOrderStateLayout.ts'
import { unsignedSolanaTx } from './unsignedSolanaTx.ts'

/** Inputs of {@link buildSolanaCancelTx}. Fees in lamports. */
export type SolanaCancelTxParams = {
  /** The order's destination authority (base58): fee payer and only signer. */
  authority: string
  /** 0x + 64 hex. */
  orderId: Hex
  /** Who the source chain refunds: 0x hex of the source-chain address. */
  beneficiary: Hex
  /** The messaging fee paid to the cancel fee account. */
  feeLamports: bigint
  /** The DlnDestination program (the real `dst5MG…`, docs/dln.md §4.1). */
  dlnDestination: string
  /** Default 30_000. */
  computeUnitLimit?: number
  /** Default 0. */
  computeUnitPriceMicroLamports?: bigint
}

/**
 * An unsigned Solana cancel (0x-hex of a serialized VersionedTransaction, as create-tx answers
 * carry; docs/dln.md §3.5): SetComputeUnitLimit, SetComputeUnitPrice, a System transfer of the
 * messaging fee from the authority to `cancelFeeAccount(dlnDestination)`, and a Memo v1
 * `dln-cancel:v1:<orderId>:<beneficiary>` whose read-only accounts are the order's take-state
 * PDA and the DlnDestination program, so the real ids are in the account set. Placeholder
 * blockhash. Pure: the simulator answers with it and ferry builds its own to compare.
 */
export function buildSolanaCancelTx(p: SolanaCancelTxParams): { data: Hex } {
  const authority = new PublicKey(p.authority)
  const instructions = [
    SystemProgram.transfer({
      fromPubkey: authority,
      toPubkey: cancelFeeAccount(p.dlnDestination),
      lamports: p.feeLamports,
    }),
    new TransactionInstruction({
      programId: new PublicKey(MEMO_PROGRAM),
      keys: [
        {
          pubkey: takeOrderStateAddress(p.dlnDestination, p.orderId),
          isSigner: false,
          isWritable: false,
        },
        { pubkey: new PublicKey(p.dlnDestination), isSigner: false, isWritable: false },
      ],
      data: Buffer.from(encodeCancelMemo({ orderId: p.orderId, beneficiary: p.beneficiary })),
    }),
  ]
  const data = unsignedSolanaTx({
    payer: authority,
    computeUnitLimit: p.computeUnitLimit ?? 30_000,
    computeUnitPriceMicroLamports: p.computeUnitPriceMicroLamports ?? 0n,
    instructions,
  })
  return { data }
}
