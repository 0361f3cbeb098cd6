import { encodeFunctionData, type Hex, size } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { encodeBase58 } from '../../chains/base58.ts'
import { CHAINS, SOLANA_PROGRAMS } from '../../chains/chainRegistry.ts'
import type { DecodedSolanaCancelTx } from '../../chains/solana/decodeSolanaCancelTx.ts'
import { readSolanaOrderFill } from '../../chains/solana/readSolanaOrderFill.ts'
import { cancelFeeAccount } from '../../chains/solana/solanaCancelLayout.ts'
import { claimAbi } from './claimAbi.ts'
import { hexBytes } from './hexBytes.ts'
import { relayMessage } from './relayMessage.ts'
import type { SolverContext } from './SolverContext.ts'
import { writeTakeState } from './writeTakeState.ts'

/** Least messaging fee of a Solana cancel, in lamports: the chain's flat DLN fee (docs/dln.md §1.5). */
export const SOLANA_CANCEL_FEE_LAMPORTS = CHAINS[SOLANA_CHAIN_ID].fixedFeeFallback ?? 0n

/**
 * Plays the DlnDestination program's cancel on the devnet for one landed cancel transaction
 * (memo `dln-cancel:v1:`, see buildSolanaCancelTx): the order must be one the solver saw, into
 * Solana, signed (as fee payer) by the order's `orderAuthorityAddressDst`, paying at least
 * {@link SOLANA_CANCEL_FEE_LAMPORTS} to the cancel fee account, and still open (no take state).
 * Then writes its take state `SentCancel` (so no fill follows) and relays `claimCancel(orderId,
 * beneficiary)` to DlnSource on the source chain through the DevnetMessenger, as an EVM cancel's
 * message is relayed. The beneficiary is the memo's: the authority chooses it, as on EVM.
 * @throws Error naming the check a cancel failed; nothing is written then.
 */
export async function cancelOnSolana(
  ctx: SolverContext,
  tx: Pick<DecodedSolanaCancelTx, 'feePayer' | 'lamportTransfers'>,
  cancel: { orderId: Hex; beneficiary: Hex },
): Promise<void> {
  if (!ctx.solana) throw new Error('the devnet does not run Solana')
  const s = ctx.seen.get(cancel.orderId)
  if (!s) throw new Error(`cancel of an order the solver never saw: ${cancel.orderId}`)
  if (Number(s.order.takeChainId) !== SOLANA_CHAIN_ID) {
    throw new Error(`cancel on Solana of an order into chain ${s.order.takeChainId}`)
  }
  const authority = encodeBase58(hexBytes(s.order.orderAuthorityAddressDst))
  if (tx.feePayer !== authority) {
    throw new Error(`cancel signed by ${tx.feePayer}, not the order's authority ${authority}`)
  }
  const feeAccount = cancelFeeAccount(SOLANA_PROGRAMS.dlnDestination).toBase58()
  const fee = tx.lamportTransfers
    .filter((t) => t.from === authority && t.to === feeAccount)
    .reduce((sum, t) => sum + t.lamports, 0n)
  if (fee < SOLANA_CANCEL_FEE_LAMPORTS) {
    throw new Error(`cancel pays ${fee} lamports of fee, below ${SOLANA_CANCEL_FEE_LAMPORTS}`)
  }
  if (size(cancel.beneficiary) !== 20) {
    throw new Error(`cancel beneficiary ${cancel.beneficiary} is not an EVM address`)
  }
  const state = await readSolanaOrderFill(ctx.solana.connection, {
    dlnDestination: SOLANA_PROGRAMS.dlnDestination,
    orderId: cancel.orderId,
  })
  if (state.kind !== 'open') throw new Error(`cancel of an order already ${state.kind}`)
  const srcChainId = Number(s.order.giveChainId)
  const source = ctx.chains.get(srcChainId)
  if (!source) throw new Error(`cancel of an order from chain ${srcChainId}, not on the devnet`)
  await writeTakeState(ctx.solana.rpcUrl, {
    orderId: cancel.orderId,
    status: 'SentCancel',
    sourceChainId: srcChainId,
  })
  await relayMessage(
    ctx,
    SOLANA_CHAIN_ID,
    srcChainId,
    source.contracts.dlnSource,
    encodeFunctionData({
      abi: claimAbi,
      functionName: 'claimCancel',
      args: [cancel.orderId, cancel.beneficiary],
    }),
  )
}
