import { Keypair } from '@solana/web3.js'
import type { Address, Hex } from 'viem'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { SOLANA_PROGRAMS } from '../../chains/chainRegistry.ts'
import { CancelOrderError } from '../../chains/evm/CancelOrderError.ts'
import type { CancelOrderState } from '../../chains/evm/cancelJournal.ts'
import { readGiveStatus } from '../../chains/evm/readGiveStatus.ts'
import { readSolanaOrderFill } from '../../chains/solana/readSolanaOrderFill.ts'
import { resumeSolanaAttempts } from '../../chains/solana/resumeSolanaAttempts.ts'
import { SolanaSendError } from '../../chains/solana/SolanaSendError.ts'
import { systemClock } from '../../common/clock.ts'
import { FerryError } from '../../common/FerryError.ts'
import { silentLogger } from '../../common/Logger.ts'
import { createSolanaSendJournal } from '../../store/contract/createSolanaSendJournal.ts'
import { checkSolanaDstAuthority } from '../../verify/checkSolanaDstAuthority.ts'
import { finishCancel } from '../finishCancel.ts'
import { journaledCancellableOrder } from '../journaledCancellableOrder.ts'
import { readOrderFromSource } from '../readOrderFromSource.ts'
import type { CancelSolanaOrderParams, CancelSolanaOrderResult } from './cancelSolanaOrderTypes.ts'
import { sendSolanaCancel } from './sendSolanaCancel.ts'

const FINAL_ATTEMPT = ['confirmed', 'failed', 'dropped']

/**
 * Cancels an unfilled order whose destination is Solana, through our Solana key as its
 * destination authority, and follows the refund on the EVM source (docs/safety.md §7, P-7.1..P-7.5;
 * docs/dln.md §3.5):
 * 1. the journaled order must come from an EVM chain into Solana and be in `Created` (or already
 *    `OrderCancelled`/`SentOrderCancel`, which only follows the refund);
 * 2. the order struct is read from the source's create receipt; its `orderAuthorityAddressDst`
 *    must be our Solana key (P-7.1);
 * 3. the take state on Solana and DlnSource's `giveOrders` must say it is open: a filled order is
 *    refused; a take state `SentCancel` is followed, never cancelled twice; a journaled cancel
 *    signature still open is settled first (rebroadcast until it lands or expires);
 * 4. the service's cancel-tx is verified against ferry's own build, simulated, signed, journaled
 *    as kind `cancel` before broadcast and confirmed (sendSolanaCancel);
 * 5. once the take state reads `SentCancel`, the order moves to `OrderCancelled` then
 *    `SentOrderCancel`;
 * 6. with `waitForRefund`, ClaimedOrderCancel on the source (our beneficiary, the give token, at
 *    least the giveAmount) moves it to `ClaimedOrderCancel`; until then the funds are in transit.
 * @throws CancelOrderError naming the problem and the fix; VerificationError when the service's
 *   cancel or the order on chain is not what ferry expects (nothing is signed).
 */
export async function cancelSolanaOrder(
  params: CancelSolanaOrderParams,
): Promise<CancelSolanaOrderResult> {
  const { journal, connection } = params
  const clock = params.clock ?? systemClock
  const logger = params.logger ?? silentLogger
  const progress = params.onProgress ?? (() => {})
  const pollIntervalMs = params.pollIntervalMs ?? 1_000
  const timeoutMs = params.refundTimeoutMs ?? 600_000
  const commitment = params.commitment ?? 'confirmed'
  const orderId = params.orderId.toLowerCase() as Hex
  const rec = await journaledCancellableOrder(journal, orderId)
  if (rec.dstChainId !== SOLANA_CHAIN_ID) {
    throw new FerryError('cancelSolanaOrder cancels orders into Solana only', {
      metaMessages: [`order destination: ${rec.dstChainId}`],
    })
  }
  const keypair = toKeypair(params.secretKey)
  const ourKey = keypair.publicKey.toBase58()
  const dlnDestination = params.dlnDestination ?? SOLANA_PROGRAMS.dlnDestination
  const { attempts, onChain, dlnSource } = await readOrderFromSource({
    journal,
    rec,
    orderId,
    source: params.source,
  })
  progress({
    stage: 'read',
    orderId,
    createTxHash: onChain.receipt.transactionHash,
    blockNumber: onChain.receipt.blockNumber,
  })
  checkSolanaDstAuthority(onChain.order, ourKey)
  const readTake = () => readSolanaOrderFill(connection, { dlnDestination, orderId })
  const [take, srcStatus] = await Promise.all([
    readTake(),
    readGiveStatus(params.source, dlnSource, orderId),
  ])
  logger.debug({ orderId, take: take.kind, srcStatus }, 'order status on chain')
  if (
    take.kind === 'filled' ||
    srcStatus === 'ClaimedUnlock' ||
    (take.kind === 'open' && srcStatus !== 'Created')
  ) {
    throw new CancelOrderError(
      'notCancellable',
      orderId,
      `on chain it is ${take.kind} on Solana and ${srcStatus} on the source`,
      { fix: 'a filled order cannot be cancelled; `ferry run` tracks it to completion' },
    )
  }
  const setState = async (state: CancelOrderState, txHash: string | undefined): Promise<void> => {
    await journal.setOrderState(orderId, state, txHash)
    progress({ stage: 'orderState', state, txHash })
  }
  const cancels = attempts.filter((a) => a.kind === 'cancel' && a.family === 'solana')
  let cancelTxHash = cancels.findLast((a) => a.state === 'confirmed')?.hash
  let resumed = false
  if (take.kind === 'cancelled') {
    // Already cancelled on Solana (only our key can have done it): follow it, never send again.
    resumed = true
  } else {
    cancelTxHash = await settleOpenCancels()
    cancelTxHash ??= await sendSolanaCancel({
      orderId,
      order: onChain.order,
      keypair,
      sourceAddress: params.sourceAddress,
      dlnDestination,
      maxFeeLamports: params.maxFeeLamports,
      api: params.api,
      connection,
      readAccounts: params.readAccounts,
      journal: createSolanaSendJournal(journal, {
        intentId: rec.intentId,
        from: ourKey,
        kind: 'cancel',
      }),
      commitment,
      pollIntervalMs,
      maxSignatures: params.maxSignatures ?? 3,
      clock,
      logger,
      progress,
    })
    logger.info({ orderId, signature: cancelTxHash }, 'solana cancel landed')
    await awaitTakeState()
  }
  await setState('OrderCancelled', cancelTxHash)
  await setState('SentOrderCancel', cancelTxHash)

  const beneficiary = params.sourceAddress as Address
  return finishCancel({
    orderId,
    rec,
    journal,
    resumed,
    waitForRefund: params.waitForRefund ?? true,
    source: params.source,
    dlnSource,
    onChain,
    beneficiary,
    cancelTxHash,
    timeoutMs,
    pollIntervalMs,
    sourceConfirmations: params.sourceConfirmations,
    clock,
    logger,
    setState,
    progress,
  })

  /** A journaled cancel still open is rebroadcast until it lands or expires: never two at once. */
  async function settleOpenCancels(): Promise<string | undefined> {
    const open = cancels.filter((a) => !FINAL_ATTEMPT.includes(a.state))
    if (open.length === 0 || open.some((a) => !a.rawTx || a.lastValidBlockHeight === undefined)) {
      return undefined
    }
    const outcome = await resumeSolanaAttempts({
      connection,
      attempts: open.map((a) => ({
        hash: a.hash,
        rawTx: a.rawTx!,
        lastValidBlockHeight: a.lastValidBlockHeight,
      })),
      commitment,
      rebroadcast: true,
      pollIntervalMs,
      onAttemptState: (signature, state) => journal.setAttemptState(signature, state),
      clock,
      logger,
    })
    return outcome.kind === 'landed' ? outcome.signature : undefined
  }

  /** The cancel landed; the program's take state is the evidence that it cancelled (P-2.5). */
  async function awaitTakeState(): Promise<void> {
    const deadline = clock.nowMs() + timeoutMs
    for (;;) {
      const state = await readTake()
      if (state.kind === 'cancelled') return
      if (state.kind === 'filled') {
        throw new CancelOrderError('notCancellable', orderId, 'it was filled before the cancel', {
          fix: '`ferry run` tracks the fill to completion',
        })
      }
      if (clock.nowMs() >= deadline) {
        throw new CancelOrderError(
          'refundNotSeen',
          orderId,
          'the cancel landed but the take state is not SentCancel yet',
          {
            fix: 'run `ferry cancel` again later to keep following it',
            metaMessages: cancelTxHash ? [`cancel tx: ${cancelTxHash}`] : [],
          },
        )
      }
      await clock.sleepMs(pollIntervalMs)
    }
  }
}

function toKeypair(secretKey: Uint8Array): Keypair {
  try {
    return Keypair.fromSecretKey(secretKey)
  } catch {
    // The library's message is dropped on purpose: nothing about the secret may leave (P-5.3).
    throw new SolanaSendError('keyMismatch', 'the Solana secret key is malformed')
  }
}
