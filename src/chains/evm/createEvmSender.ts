import { type Address, type Hex, keccak256, type TransactionReceipt } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { type Clock, systemClock } from '../../common/clock.ts'
import { FerryError } from '../../common/FerryError.ts'
import { type Logger, silentLogger } from '../../common/Logger.ts'
import { CHAINS } from '../chainRegistry.ts'
import { type BroadcastVerdict, broadcastJournaled } from './broadcastJournaled.ts'
import type { EvmRpc } from './createEvmRpc.ts'
import type { EvmSigner } from './createEvmSigner.ts'
import { EvmSendError } from './EvmSendError.ts'
import {
  bumpEvmFees,
  type EvmFeePolicy,
  type EvmFees,
  type EvmPriorityLevel,
  PRIORITY_PERCENTILE,
  resolveEvmFees,
} from './evmFeePolicy.ts'
import { receiptOrUndefined } from './receiptOrUndefined.ts'
import { StaleQuoteError } from './StaleQuoteError.ts'
import type { EvmSendJournal, EvmSendKind, EvmSendRecord } from './sendJournal.ts'

/** Default per-chain gas limit cap: above it ferry refuses the transaction. */
export const DEFAULT_GAS_LIMIT_CAP = 3_000_000n

/** Options of {@link createEvmSender}. Durations in ms. */
export type CreateEvmSenderOptions = {
  /** Spec chain id (equal to the EIP-155 id on the classic EVM chains). */
  chainId: ChainId
  signer: EvmSigner
  rpc: EvmRpc
  journal: EvmSendJournal
  feePolicy: EvmFeePolicy
  /** Highest gas limit ferry signs on this chain. Default {@link DEFAULT_GAS_LIMIT_CAP}. */
  gasLimitCap?: bigint
  /** Confirmations before a send counts as final. Default CHAINS[chainId].confirmations (P-2.14). */
  confirmations?: number
  /** Time without a receipt before a fee-bumped replacement of the same nonce. Default 60 000. */
  replaceAfterMs?: number
  /** Receipt poll interval. Default 1 000. */
  pollIntervalMs?: number
  /** Time after which a send still without a final receipt throws `unknown`. Default 600 000. */
  maxWaitMs?: number
  clock?: Clock
  logger?: Logger
}

/** One transaction for the sender to sign, journal, broadcast and follow. */
export type EvmSendRequest = {
  kind: EvmSendKind
  to: Address
  data: Hex
  value: bigint
  /** Gas limit; above the chain's cap the send is refused before signing. */
  gasLimit: bigint
  /** Fee level (spec srcChainPriorityLevel). Default `normal`. */
  priorityLevel?: EvmPriorityLevel
  /** Confirmations for this send; default the sender's. */
  confirmations?: number
  intentId?: string
  orderId?: Hex
  /**
   * Quote deadline (clock ms): the first signature happens no later, else {@link StaleQuoteError}
   * and nothing is signed. Replacements re-sign bytes already out, so they ignore it.
   */
  signByMs?: number
  quotedAtMs?: number
  onProgress?: (event: EvmSendProgress) => void
}

/** Progress of a send, for callers that show or test it. */
export type EvmSendProgress =
  | { stage: 'broadcast'; hash: Hex; nonce: number; attempt: number }
  | { stage: 'included'; hash: Hex; blockNumber: bigint; confirmations: number }

/** A send that reached its confirmation depth. `receipt` may be reverted: callers decide. */
export type EvmSendResult = {
  nonce: number
  /** The hash that was mined (one of `hashes`). */
  hash: Hex
  hashes: Hex[]
  receipt: TransactionReceipt
  /** The fees of the mined transaction. */
  fees: EvmFees
}

/** The one writer of a (chain, address): nonces are handed out by it alone (P-2.4, P-2.6). */
export type EvmSender = {
  readonly chainId: ChainId
  readonly nativeChainId: number
  readonly address: Address
  readonly rpc: EvmRpc
  readonly gasLimitCap: bigint
  readonly confirmations: number
  /** Fees for a new transaction at `level` (one eth_feeHistory call). */
  suggestFees(level?: EvmPriorityLevel): Promise<EvmFees>
  /** Signs, journals, broadcasts once and follows one transaction; one at a time. */
  send(request: EvmSendRequest): Promise<EvmSendResult>
  /** Releases the (chain, address) claim. */
  close(): void
}

const claimed = new Set<string>()

/**
 * Creates the serialized sender of one (chain, address). Sends run one at a time, from signing to
 * the required depth, so nonces never race. The nonce comes from the chain's `pending` count on
 * first use and from the sender's own counter after that; a "nonce too low" or "replacement
 * underpriced" answer on a fresh nonce re-syncs it from the chain and re-signs the same call.
 * Each signed transaction goes to the journal before the RPC (P-2.1), is broadcast exactly once
 * with no retry layer (P-3.1), and a lost answer is resolved by hash lookup (P-2.3). A transaction
 * without a receipt after `replaceAfterMs` is re-signed at the same nonce with both fees bumped
 * by at least 12.5 % within the caps (P-2.9); receipts are looked up for every hash of the nonce
 * (P-2.10). Throws a FerryError when the (chain, address) already has a sender in this process.
 */
export function createEvmSender(options: CreateEvmSenderOptions): EvmSender {
  const { chainId, signer, rpc, journal, feePolicy } = options
  const info = CHAINS[chainId]
  if (info.kind !== 'evm' || info.nativeChainId === undefined) {
    throw new FerryError(`chain ${chainId} is not an EVM chain`)
  }
  const nativeChainId = info.nativeChainId
  const key = `${chainId}:${signer.address.toLowerCase()}`
  if (claimed.has(key)) {
    throw new FerryError('an EVM sender for this chain and address already runs', {
      metaMessages: [`chain: ${chainId}`, `address: ${signer.address}`],
    })
  }
  claimed.add(key)
  const clock = options.clock ?? systemClock
  const logger = options.logger ?? silentLogger
  const gasLimitCap = options.gasLimitCap ?? DEFAULT_GAS_LIMIT_CAP
  const defaultConfirmations = options.confirmations ?? info.confirmations
  const replaceAfterMs = options.replaceAfterMs ?? 60_000
  const pollIntervalMs = options.pollIntervalMs ?? 1_000
  const maxWaitMs = options.maxWaitMs ?? 600_000
  const client = rpc.read
  let nextNonce: number | undefined
  let tail: Promise<unknown> = Promise.resolve()

  const exclusive = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(run, run)
    tail = result.catch(() => undefined)
    return result
  }

  const syncNonce = async (): Promise<number> => {
    const [count, nodeChainId] = await Promise.all([
      client.getTransactionCount({ address: signer.address, blockTag: 'pending' }),
      client.getChainId(),
    ])
    if (nodeChainId !== nativeChainId) {
      throw new FerryError('the RPC serves another chain', {
        metaMessages: [`expected: ${nativeChainId}`, `rpc: ${nodeChainId}`],
      })
    }
    return count
  }

  const suggestFees = async (level: EvmPriorityLevel = 'normal'): Promise<EvmFees> => {
    const history = await client.getFeeHistory({
      blockCount: 1,
      rewardPercentiles: [PRIORITY_PERCENTILE[level]],
    })
    const baseFee = history.baseFeePerGas.at(-1) ?? 0n
    const reward = history.reward?.[0]?.[0] ?? 0n
    return resolveEvmFees(baseFee, reward, level, feePolicy)
  }

  const receiptOf = (hash: Hex): Promise<TransactionReceipt | undefined> =>
    receiptOrUndefined(client, hash)

  const send = (req: EvmSendRequest): Promise<EvmSendResult> =>
    exclusive(async () => {
      if (req.gasLimit > gasLimitCap || req.gasLimit < 21_000n) {
        throw new EvmSendError('rejected', 'gas limit outside 21000..cap', {
          details: `gasLimit ${req.gasLimit}, cap ${gasLimitCap}`,
        })
      }
      const confirmations = req.confirmations ?? defaultConfirmations
      let fees = await suggestFees(req.priorityLevel)
      let nonce = nextNonce ?? (await syncNonce())
      const hashes: Hex[] = []
      const feesOf = new Map<Hex, EvmFees>()
      let attempt = 0

      const checkFresh = (): void => {
        if (req.signByMs !== undefined && attempt === 0 && clock.nowMs() > req.signByMs) {
          const quotedAt = req.quotedAtMs ?? req.signByMs
          throw new StaleQuoteError(clock.nowMs() - quotedAt, req.signByMs - quotedAt)
        }
      }
      const signAndBroadcast = async (n: number, f: EvmFees): Promise<BroadcastVerdict> => {
        checkFresh()
        const rawTx = await signer.signTransaction({
          type: 'eip1559',
          chainId: nativeChainId,
          nonce: n,
          to: req.to,
          data: req.data,
          value: req.value,
          gas: req.gasLimit,
          maxFeePerGas: f.maxFeePerGas,
          maxPriorityFeePerGas: f.maxPriorityFeePerGas,
        })
        const hash = keccak256(rawTx)
        hashes.push(hash)
        feesOf.set(hash, f)
        const record: EvmSendRecord = {
          chainId: nativeChainId,
          from: signer.address,
          nonce: n,
          hash,
          rawTx,
          kind: req.kind,
          attempt,
          hashesOfNonce: [...hashes],
          maxFeePerGas: f.maxFeePerGas,
          maxPriorityFeePerGas: f.maxPriorityFeePerGas,
          ...(req.intentId === undefined ? {} : { intentId: req.intentId }),
          ...(req.orderId === undefined ? {} : { orderId: req.orderId }),
        }
        const onJournaled = (): void =>
          req.onProgress?.({ stage: 'broadcast', hash, nonce: n, attempt: record.attempt })
        return broadcastJournaled(record, { rpc, journal, logger, onJournaled })
      }

      // First broadcast of a fresh nonce: a stale counter is re-synced from the chain, at most
      // twice, and only when none of our hashes for the old nonce can still land.
      for (let resync = 0; ; resync++) {
        const outcome = await signAndBroadcast(nonce, fees)
        if (outcome === 'accepted' || outcome === 'unknown') break
        if (outcome === 'rejected') {
          throw new EvmSendError('rejected', 'the node refused the transaction', {
            nonce,
            hashes,
          })
        }
        const landed = await receiptOf(hashes.at(-1)!)
        if (landed) break
        const chainNonce = await syncNonce()
        if (chainNonce <= nonce || resync >= 2) {
          throw new EvmSendError('unknown', `${outcome} and the nonce did not move`, {
            nonce,
            hashes,
          })
        }
        logger.warn({ chainId, stale: nonce, fresh: chainNonce, outcome }, 'nonce re-synced')
        nonce = chainNonce
      }
      nextNonce = nonce + 1

      const startedAt = clock.nowMs()
      let lastActivityAt = startedAt
      let nonceUsed = false
      for (;;) {
        const [receipts, head] = await Promise.all([
          Promise.all(hashes.map(receiptOf)),
          confirmations > 1 ? client.getBlockNumber({ cacheTime: 0 }) : Promise.resolve(undefined),
        ])
        const mined = receipts.find((r) => r !== undefined)
        if (mined) {
          const depth = head === undefined ? 1 : Number(head - mined.blockNumber) + 1
          req.onProgress?.({
            stage: 'included',
            hash: mined.transactionHash,
            blockNumber: mined.blockNumber,
            confirmations: depth,
          })
          if (depth >= confirmations) {
            const hash = mined.transactionHash
            await journal.afterInclusion?.({
              hash,
              status: mined.status,
              blockNumber: mined.blockNumber,
              hashesOfNonce: hashes,
            })
            return { nonce, hash, hashes, receipt: mined, fees: feesOf.get(hash) ?? fees }
          }
          lastActivityAt = clock.nowMs()
        } else if (nonceUsed) {
          // A replacement was told "nonce too low" and none of our hashes has a receipt: if the
          // mined count is past our nonce, a foreign transaction took it and ours cannot land.
          const mined = await client.getTransactionCount({
            address: signer.address,
            blockTag: 'latest',
          })
          if (mined > nonce && !(await Promise.all(hashes.map(receiptOf))).some(Boolean)) {
            nextNonce = undefined
            throw new EvmSendError('nonceConsumed', 'another transaction used the nonce', {
              nonce,
              hashes,
            })
          }
          nonceUsed = false
        } else if (clock.nowMs() - lastActivityAt >= replaceAfterMs) {
          const bumped = bumpEvmFees(fees, feePolicy)
          if (bumped) {
            attempt++
            const outcome = await signAndBroadcast(nonce, bumped)
            // An underpriced answer still moves the floor: the next bump starts above it.
            fees = bumped
            if (outcome === 'nonceTooLow') {
              logger.info({ chainId, nonce }, 'replacement found the nonce used; reconciling')
              nonceUsed = true
            }
          } else {
            logger.warn({ chainId, nonce }, 'stuck transaction: the fee caps leave no bump')
          }
          lastActivityAt = clock.nowMs()
        }
        if (clock.nowMs() - startedAt > maxWaitMs) {
          throw new EvmSendError('unknown', 'no final receipt in time', { nonce, hashes })
        }
        await clock.sleepMs(pollIntervalMs)
      }
    })

  return {
    chainId,
    nativeChainId,
    address: signer.address,
    rpc,
    gasLimitCap,
    confirmations: defaultConfirmations,
    suggestFees,
    send,
    close: () => {
      claimed.delete(key)
    },
  }
}
