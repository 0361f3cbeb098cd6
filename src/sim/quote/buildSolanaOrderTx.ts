import { deflateRawSync } from 'node:zlib'
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'
import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'
import { MEMO_PROGRAM, ORDER_MEMO_PREFIX } from '../../chains/solana/decodeSolanaOrderTx.ts'
import { encodeSolanaOrderPayload } from '../../chains/solana/encodeSolanaOrderPayload.ts'
import { unsignedSolanaTx } from '../../chains/solana/unsignedSolanaTx.ts'

const NATIVE_SOL = new PublicKey('11111111111111111111111111111111')

/** Inputs of a Solana-source order transaction. */
export type SolanaOrderTxParams = {
  /** The maker's base58 key: fee payer and only signer. */
  maker: string
  /**
   * Owner of the escrow that receives the give amount and the fixed fee: the order program's id
   * (configurable; the devnet's solver watches it).
   */
  programId: string
  order: DlnOrder
  /** Base units of the give token taken from the maker, before the protocol and affiliate fees. */
  creationGiveAmount: bigint
  /** Decimals of the give token (TransferChecked states them). */
  giveDecimals: number
  /** The flat fee in lamports (docs/dln.md §1.5: 0.015 SOL). */
  fixFeeLamports: bigint
  affiliateFee: Hex
  referralCode: number
  metadata: Hex
  computeUnitLimit: number
  computeUnitPriceMicroLamports: number
}

/**
 * `tx.data` of a Solana-source create-tx answer: 0x-hex of an unsigned serialized
 * VersionedTransaction (docs/dln.md §1.4). This is the simulator's own layout, not the real DLN
 * program's (whose instruction format is not public), built only from programs every Solana
 * node has, so the devnet runs it unchanged:
 * 0 SetComputeUnitLimit and 1 SetComputeUnitPrice (as clients patch them, docs/dln.md §1.4);
 * 2 the give amount to the escrow: SPL TransferChecked from the maker's associated token account
 *   to the escrow's, or a System transfer for native SOL;
 * 3 a System transfer of the fixed fee to the escrow;
 * 4 a Memo `dln-order:v1:<base64 of the deflated payload>` holding the Order exactly as its orderId is computed
 *   (encodeSolanaOrderPayload), so the solver and ferry's verifier read the same fields. Deflate
 *   keeps a hook's ABI padding from pushing the transaction past Solana's 1232-byte packet.
 */
export function buildSolanaOrderTx(p: SolanaOrderTxParams): { data: Hex } {
  const maker = new PublicKey(p.maker)
  const escrow = new PublicKey(p.programId)
  const mint = new PublicKey(hexToBytes(p.order.giveTokenAddress))
  const instructions = [
    mint.equals(NATIVE_SOL)
      ? SystemProgram.transfer({
          fromPubkey: maker,
          toPubkey: escrow,
          lamports: p.creationGiveAmount,
        })
      : createTransferCheckedInstruction(
          getAssociatedTokenAddressSync(mint, maker, true),
          mint,
          getAssociatedTokenAddressSync(mint, escrow, true),
          maker,
          p.creationGiveAmount,
          p.giveDecimals,
        ),
    SystemProgram.transfer({ fromPubkey: maker, toPubkey: escrow, lamports: p.fixFeeLamports }),
    new TransactionInstruction({
      programId: new PublicKey(MEMO_PROGRAM),
      keys: [],
      data: Buffer.from(
        `${ORDER_MEMO_PREFIX}${deflateRawSync(hexToBytes(encodeSolanaOrderPayload(p)), { level: 9 }).toString('base64')}`,
      ),
    }),
  ]
  const data = unsignedSolanaTx({
    payer: maker,
    computeUnitLimit: p.computeUnitLimit,
    computeUnitPriceMicroLamports: p.computeUnitPriceMicroLamports,
    instructions,
  })
  return { data }
}
