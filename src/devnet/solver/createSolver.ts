import { EventEmitter } from 'node:events'
import {
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  MintLayout,
} from '@solana/spl-token'
import {
  Connection,
  type Keypair,
  PublicKey,
  SystemProgram,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import {
  type Address,
  bytesToHex,
  createWalletClient,
  decodeEventLog,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
  size,
} from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { dlnDestinationAbi } from '../../chains/abi/dlnDestinationAbi.ts'
import { dlnSourceAbi } from '../../chains/abi/dlnSourceAbi.ts'
import { decodeBase58, encodeBase58 } from '../../chains/base58.ts'
import { computeOrderId } from '../../chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'
import { decodeSolanaOrderTx } from '../../chains/solana/decodeSolanaOrderTx.ts'
import { type Logger, silentLogger } from '../../common/Logger.ts'
import type { Market } from '../../sim/market/market.ts'
import type { StatsObserver } from '../../sim/stats/statsObserver.ts'
import type { DevnetEvmChain } from '../DevnetEvmChain.ts'
import { devnetEvmAccount, devnetSolanaKeypair } from '../devnetAccounts.ts'
import { devnetMessengerAbi } from '../devnetMessengerAbi.ts'
import { callSolanaDevnet } from '../solana/callSolanaDevnet.ts'
import { decideFill, type SkipReason } from './decideFill.ts'
import type { SolverBehaviour, SolverPolicy } from './solverBehaviour.ts'

const SOLANA = 7565164
// DlnSource's claims as the devnet messenger carries them (docs/dln.md §4.3: 0x5886d8d2, 0xd48b0146).
const claimAbi = parseAbi([
  'function claimUnlock(bytes32 orderId, address beneficiary)',
  'function claimCancel(bytes32 orderId, address beneficiary)',
])
const adapterAbi = parseAbi([
  'event ExecutedExternalCall(bytes32 orderId, address executor, bool callSucceeded, uint256 amount, uint256 reward, address fallbackAddress, bytes callResult)',
])

/** What the solver did, as events tests and the demo can wait on. */
export type SolverEvents = {
  seen: [{ orderId: Hex; giveChainId: number; takeChainId: number }]
  filled: [{ orderId: Hex; takeChainId: number; txHash: string; blockNumber: number }]
  hook: [
    { orderId: Hex; stepNumber: number; status: 'Executed' | 'Failed' | 'Pending'; txHash: string },
  ]
  unlocked: [{ orderId: Hex; giveChainId: number; txHash: string }]
  cancelled: [{ orderId: Hex; giveChainId: number; txHash: string }]
  failed: [{ orderId: Hex | undefined; stage: string; error: string }]
  /** An order the solver chose not to fill (unprofitable at the market's prices, or unpriced). */
  skipped: [{ orderId: Hex; reason: SkipReason; marginBps: number }]
}

/** The devnet's taker. */
export type Solver = {
  events: EventEmitter<SolverEvents>
  /** Replaces the behaviour policy, e.g. to make the next orders misbehave. */
  setPolicy(policy: SolverPolicy): void
  /** Stops watching; in-flight work finishes. */
  stop(): Promise<void>
}

/** Options of {@link createSolver}. */
export type CreateSolverOptions = {
  evm: DevnetEvmChain[]
  solana?: { rpcUrl: string; escrow: string } | undefined
  stats: StatsObserver
  market: Market
  policy?: SolverPolicy
  /**
   * Least margin the solver keeps, in bps of the order's give value at the market's prices: an
   * order whose take is worth more than its give minus this margin stays unfilled, as with a real
   * taker. Default {@link DEFAULT_SOLVER_MARGIN_BPS}.
   */
  minMarginBps?: number
  /** How often chains are polled for new orders and messages, in ms. Default 150. */
  pollIntervalMs?: number
  logger?: Logger
}

/**
 * Default least margin of the devnet solver, in bps: below the simulator's own taker margin
 * (4 bps, baked into every honest quote), so honest quotes fill and over-generous ones do not.
 */
export const DEFAULT_SOLVER_MARGIN_BPS = 2

type Seen = {
  order: DlnOrder
  orderId: Hex
  referralCode: number
  feesUsd: number
  volumeUsd: number
}

/**
 * The devnet's simulated solver (taker). It watches CreatedOrder on every EVM chain and order
 * deposits on Solana, waits its fill delay, fills on the destination at the order's takeAmount
 * (DlnDestination.fulfillOrder on EVM, which also runs the hook; an SPL or SOL transfer to the
 * receiver on Solana), sends the unlock, relays every DevnetMessenger message (unlocks and
 * cancels) to the source chain, and feeds the simulator's stats store with the real transaction
 * hashes, blocks, times and initiators (docs/service.md §4.1-§4.3). Misbehaves on demand (SolverBehaviour).
 */
export function createSolver(options: CreateSolverOptions): Solver {
  const { stats, market, logger = silentLogger } = options
  const pollIntervalMs = options.pollIntervalMs ?? 150
  let policy: SolverPolicy = options.policy ?? {}
  const events = new EventEmitter<SolverEvents>()
  const solverEvm = devnetEvmAccount('solver')
  const solverSol = devnetSolanaKeypair('solver')
  const escrowSol = devnetSolanaKeypair('escrow')
  const chains = new Map(options.evm.map((c) => [c.chainId as number, c]))
  // One solver account per chain sends fills, unlocks and relays that overlap in time; viem takes
  // each nonce from the pending count, so concurrent sends would reuse one. Submissions are
  // serialized per chain (anvil mines each at once, so the next one sees the new count).
  const wallets = new Map(
    options.evm.map((c) => {
      const client = createWalletClient({ account: solverEvm.account, transport: http(c.rpcUrl) })
      let tail: Promise<unknown> = Promise.resolve()
      const writeContract: typeof client.writeContract = (args) => {
        const sent = tail.then(() => client.writeContract(args))
        tail = sent.catch(() => undefined)
        return sent
      }
      return [c.chainId as number, { writeContract }] as const
    }),
  )
  const connection = options.solana ? new Connection(options.solana.rpcUrl, 'confirmed') : undefined
  const seen = new Map<Hex, Seen>()
  const timers = new Set<NodeJS.Timeout>()
  const pending = new Set<Promise<unknown>>()
  let stopped = false

  const behaviourOf = (orderId: string): SolverBehaviour =>
    typeof policy === 'function' ? policy(orderId) : policy
  const track = (p: Promise<unknown>): void => {
    pending.add(p)
    void p.finally(() => pending.delete(p))
  }
  const fail = (orderId: Hex | undefined, stage: string, error: unknown): void => {
    // Two lines: viem puts the revert selector on the second.
    const text =
      error instanceof Error ? error.message.split('\n').slice(0, 2).join(' ') : String(error)
    logger.warn({ orderId, stage, error: text }, 'solver step failed')
    events.emit('failed', { orderId, stage, error: text })
  }

  const priceUsdOf = (chainId: number, token: Hex, amount: bigint): number | undefined => {
    const address = chainId === SOLANA ? encodeBase58(hexBytes(token)) : token
    const t = market.findToken(chainId as ChainId, address)
    return t ? market.valueUsd(t, amount) : undefined
  }
  const usdOf = (chainId: number, token: Hex, amount: bigint): number =>
    priceUsdOf(chainId, token, amount) ?? 0

  const onOrder = (
    orderId: Hex,
    order: DlnOrder,
    referralCode: number,
    percentFee: bigint,
    fixFee: bigint,
  ): void => {
    if (seen.has(orderId)) return
    const giveChainId = Number(order.giveChainId)
    const native = market.nativeToken(giveChainId as ChainId)
    const record: Seen = {
      order,
      orderId,
      referralCode,
      volumeUsd: usdOf(giveChainId, order.giveTokenAddress, order.giveAmount),
      feesUsd:
        usdOf(giveChainId, order.giveTokenAddress, percentFee) + market.valueUsd(native, fixFee),
    }
    seen.set(orderId, record)
    const hasHook = size(order.externalCall) > 0
    stats.recordOrder({
      orderId,
      maker: addressText(giveChainId, order.makerSrc),
      referralCode: referralCode || undefined,
      volumeUsd: record.volumeUsd,
      feesUsd: record.feesUsd,
      executed: false,
      hookInstructionsCount: hasHook ? 1 : 0,
    })
    events.emit('seen', { orderId, giveChainId, takeChainId: Number(order.takeChainId) })
    const behaviour = behaviourOf(orderId)
    if (behaviour.neverFill || (hasHook && behaviour.hook === 'revert')) return
    const decision = decideFill({
      giveUsd: priceUsdOf(giveChainId, order.giveTokenAddress, order.giveAmount),
      takeUsd: priceUsdOf(Number(order.takeChainId), order.takeTokenAddress, order.takeAmount),
      minMarginBps: options.minMarginBps ?? DEFAULT_SOLVER_MARGIN_BPS,
    })
    if (!decision.fill) {
      // Once per order: `seen` keeps it from being judged again at the next poll.
      logger.info(
        { orderId, reason: decision.reason, marginBps: Math.round(decision.marginBps) },
        'order left unfilled',
      )
      events.emit('skipped', { orderId, reason: decision.reason, marginBps: decision.marginBps })
      return
    }
    const timer = setTimeout(() => {
      timers.delete(timer)
      track(fill(record, behaviour).catch((error) => fail(orderId, 'fill', error)))
    }, behaviour.fillDelayMs ?? 500)
    timers.add(timer)
  }

  async function fill(s: Seen, behaviour: SolverBehaviour): Promise<void> {
    try {
      await fillOpen(s, behaviour)
    } catch (error) {
      if (!(error instanceof OrderNoLongerOpenError)) throw error
      logger.info({ orderId: s.orderId, status: error.status }, 'order no longer open; not filled')
    }
  }

  async function fillOpen(s: Seen, behaviour: SolverBehaviour): Promise<void> {
    const takeChainId = Number(s.order.takeChainId)
    const hasHook = size(s.order.externalCall) > 0
    let filled: {
      txHash: string
      blockNumber: number
      blockHash: string
      timeS: number
      hookOk: boolean
    }
    if (takeChainId === SOLANA) filled = await fillOnSolana(s.order)
    else filled = await fillOnEvm(s.orderId, s.order)
    stats.recordOrder({
      orderId: s.orderId,
      maker: addressText(Number(s.order.giveChainId), s.order.makerSrc),
      referralCode: s.referralCode || undefined,
      volumeUsd: s.volumeUsd,
      feesUsd: s.feesUsd,
      executed: true,
      hookInstructionsCount: hasHook ? (behaviour.partialSteps ? 2 : 1) : 0,
    })
    events.emit('filled', {
      orderId: s.orderId,
      takeChainId,
      txHash: filled.txHash,
      blockNumber: filled.blockNumber,
    })
    if (hasHook) {
      const status = behaviour.hook === 'fail' || !filled.hookOk ? 'Failed' : 'Executed'
      const step = (stepNumber: number, st: 'Executed' | 'Failed' | 'Pending'): void => {
        stats.recordHookStep({
          orderId: s.orderId,
          stepNumber,
          status: st,
          transactionHash: filled.txHash,
          blockHash: filled.blockHash,
          blockNumber: filled.blockNumber,
          blockTimeStampS: filled.timeS,
          initiator: takeChainId === SOLANA ? solverSol.publicKey.toBase58() : solverEvm.address,
          beneficiaries: [addressText(takeChainId, s.order.receiverDst)],
        })
        events.emit('hook', { orderId: s.orderId, stepNumber, status: st, txHash: filled.txHash })
      }
      step(1, status)
      if (behaviour.partialSteps) step(2, 'Pending')
    }
    if (!behaviour.skipUnlock && takeChainId !== SOLANA) await sendUnlock(s)
    else if (!behaviour.skipUnlock && takeChainId === SOLANA) await settleFromSolanaTake(s)
  }

  async function fillOnEvm(orderId: Hex, order: DlnOrder) {
    const chain = chains.get(Number(order.takeChainId))
    const wallet = chains.get(Number(order.takeChainId)) && wallets.get(Number(order.takeChainId))
    if (!chain || !wallet) throw new Error(`the devnet does not run chain ${order.takeChainId}`)
    // A taker checks the order is still open: filled or cancelled orders revert and waste gas.
    const [status] = (await chain.client.readContract({
      address: chain.contracts.dlnDestination,
      abi: dlnDestinationAbi,
      functionName: 'takeOrders',
      args: [orderId],
    })) as readonly [number, ...unknown[]]
    if (status !== 0) throw new OrderNoLongerOpenError(orderId, status)
    const native = BigInt(order.takeTokenAddress) === 0n
    const hash = await wallet.writeContract({
      chain: null,
      address: chain.contracts.dlnDestination,
      abi: dlnDestinationAbi,
      functionName: 'fulfillOrder',
      args: [order, order.takeAmount, orderId, '0x', solverEvm.address, solverEvm.address],
      value: native ? order.takeAmount : 0n,
    })
    const receipt = await chain.client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`fulfillOrder reverted in ${hash}`)
    const block = await chain.client.getBlock({ blockHash: receipt.blockHash })
    let hookOk = true
    for (const log of receipt.logs) {
      if (log.address.toLowerCase() !== chain.contracts.externalCallAdapter.toLowerCase()) continue
      try {
        const e = decodeEventLog({ abi: adapterAbi, data: log.data, topics: log.topics })
        hookOk = e.args.callSucceeded
      } catch {
        // other adapter events
      }
    }
    return {
      txHash: hash,
      blockNumber: Number(receipt.blockNumber),
      blockHash: receipt.blockHash,
      timeS: Number(block.timestamp),
      hookOk,
    }
  }

  async function fillOnSolana(order: DlnOrder) {
    if (!connection) throw new Error('the devnet does not run Solana')
    const mint = new PublicKey(hexBytes(order.takeTokenAddress))
    const receiver = new PublicKey(hexBytes(order.receiverDst))
    const instructions: TransactionInstruction[] = []
    if (mint.equals(SystemProgram.programId)) {
      instructions.push(
        SystemProgram.transfer({
          fromPubkey: solverSol.publicKey,
          toPubkey: receiver,
          lamports: order.takeAmount,
        }),
      )
    } else {
      const mintInfo = await connection.getAccountInfo(mint)
      if (!mintInfo) throw new Error(`unknown mint ${mint.toBase58()}`)
      const decimals = MintLayout.decode(mintInfo.data).decimals
      const to = await openTokenAccount(mint, receiver)
      instructions.push(
        createTransferCheckedInstruction(
          getAssociatedTokenAddressSync(mint, solverSol.publicKey, true),
          mint,
          to,
          solverSol.publicKey,
          order.takeAmount,
          decimals,
        ),
      )
    }
    // Solana hooks (solana_serialized_instructions) are recorded with the fill, not executed:
    // their instruction format is the real program's, which the devnet does not have.
    const signature = await sendSolana(solverSol, instructions)
    const slot = await connection.getSlot()
    return {
      txHash: bytesToHex(decodeBase58(signature)),
      blockNumber: slot,
      blockHash: bytesToHex(
        new PublicKey((await connection.getLatestBlockhash()).blockhash).toBytes(),
      ),
      timeS: Math.floor(Date.now() / 1000),
      hookOk: true,
    }
  }

  /**
   * The receiver's associated token account, opened through the devnet when missing. Not with the
   * ATA program: litesvm aborts after running its BPFLoader2 programs many times (see
   * decodeSolanaOrderTx), so the devnet places the account itself.
   */
  async function openTokenAccount(mint: PublicKey, owner: PublicKey): Promise<PublicKey> {
    const address = getAssociatedTokenAddressSync(mint, owner, true)
    if (!(await connection!.getAccountInfo(address))) {
      await callSolanaDevnet(options.solana!.rpcUrl, 'devnet_mintTo', [
        mint.toBase58(),
        owner.toBase58(),
        '0',
      ])
    }
    return address
  }

  async function sendSolana(
    payer: Keypair,
    instructions: TransactionInstruction[],
  ): Promise<string> {
    if (!connection) throw new Error('the devnet does not run Solana')
    const { blockhash } = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions,
    }).compileToV0Message()
    const tx = new VersionedTransaction(message)
    tx.sign([payer])
    const signature = await connection.sendTransaction(tx)
    const status = (await connection.getSignatureStatuses([signature])).value[0]
    if (!status || status.err)
      throw new Error(`Solana transaction ${signature} failed: ${JSON.stringify(status?.err)}`)
    return signature
  }

  async function sendUnlock(s: Seen): Promise<void> {
    const chain = chains.get(Number(s.order.takeChainId))!
    const wallet = wallets.get(Number(s.order.takeChainId))!
    const hash = await wallet.writeContract({
      chain: null,
      address: chain.contracts.dlnDestination,
      abi: dlnDestinationAbi,
      functionName: 'sendEvmUnlock',
      args: [s.orderId, solverEvm.address, 0n],
    })
    const receipt = await chain.client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`sendEvmUnlock reverted in ${hash}`)
    // The messenger's MessageSent is relayed by the relay loop below.
  }

  /** A Solana-destination fill: the taker is paid from the source escrow or the source chain. */
  async function settleFromSolanaTake(s: Seen): Promise<void> {
    if (Number(s.order.giveChainId) === SOLANA) return
    // An EVM-source order filled on Solana: DlnDestination lives on Solana in reality; the
    // devnet has no Solana DlnDestination, so the unlock is delivered straight to DlnSource.
    const src = chains.get(Number(s.order.giveChainId))
    if (!src) return
    const relayer = wallets.get(src.chainId)!
    const data = encodeFunctionData({
      abi: claimAbi,
      functionName: 'claimUnlock',
      args: [s.orderId, solverEvm.address],
    })
    const hash = await relayer.writeContract({
      chain: null,
      address: src.contracts.messenger,
      abi: devnetMessengerAbi,
      functionName: 'deliver',
      args: [src.contracts.dlnSource, data],
    })
    await src.client.waitForTransactionReceipt({ hash })
    events.emit('unlocked', { orderId: s.orderId, giveChainId: src.chainId, txHash: hash })
  }

  async function relayMessage(
    fromChain: DevnetEvmChain,
    dstChainId: number,
    target: Address,
    data: Hex,
  ): Promise<void> {
    const claim = decodeFunctionData({ abi: claimAbi, data })
    const orderId = claim.args[0]
    const kind = claim.functionName === 'claimUnlock' ? 'unlock' : 'cancel'
    if (dstChainId === SOLANA) {
      await settleOnSolana(orderId, kind)
      return
    }
    const dst = chains.get(dstChainId)
    if (!dst) throw new Error(`message to chain ${dstChainId}, which the devnet does not run`)
    const hash = await wallets.get(dstChainId)!.writeContract({
      chain: null,
      address: dst.contracts.messenger,
      abi: devnetMessengerAbi,
      functionName: 'deliver',
      args: [target, data],
    })
    const receipt = await dst.client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success')
      throw new Error(`delivery from ${fromChain.chainId} reverted in ${hash}`)
    if (kind === 'unlock')
      events.emit('unlocked', { orderId, giveChainId: dstChainId, txHash: hash })
    if (kind === 'cancel')
      events.emit('cancelled', { orderId, giveChainId: dstChainId, txHash: hash })
  }

  /** Pays an unlock (to the solver) or a cancel refund out of the Solana escrow. */
  async function settleOnSolana(orderId: Hex, kind: string): Promise<void> {
    const s = seen.get(orderId)
    if (!s || !connection || !options.solana) return
    const mint = new PublicKey(hexBytes(s.order.giveTokenAddress))
    const to =
      kind === 'cancel'
        ? new PublicKey(
            hexBytes(
              s.order.allowedCancelBeneficiarySrc.length > 2
                ? s.order.allowedCancelBeneficiarySrc
                : s.order.makerSrc,
            ),
          )
        : solverSol.publicKey
    const amount = s.order.giveAmount
    const instructions: TransactionInstruction[] = []
    if (mint.equals(SystemProgram.programId)) {
      instructions.push(
        SystemProgram.transfer({ fromPubkey: escrowSol.publicKey, toPubkey: to, lamports: amount }),
      )
    } else {
      const mintInfo = await connection.getAccountInfo(mint)
      const decimals = mintInfo ? MintLayout.decode(mintInfo.data).decimals : 0
      const toAta = await openTokenAccount(mint, to)
      instructions.push(
        createTransferCheckedInstruction(
          getAssociatedTokenAddressSync(mint, escrowSol.publicKey, true),
          mint,
          toAta,
          escrowSol.publicKey,
          amount,
          decimals,
        ),
      )
    }
    const signature = await sendSolana(escrowSol, instructions)
    events.emit(kind === 'cancel' ? 'cancelled' : 'unlocked', {
      orderId,
      giveChainId: SOLANA,
      txHash: signature,
    })
  }

  // Watchers: one cursor per chain, polled; a failed poll is logged and retried next round.
  const cursors = new Map<number, bigint>()
  let solanaCursor = 0
  async function pollEvm(chain: DevnetEvmChain): Promise<void> {
    const latest = await chain.client.getBlockNumber()
    const from = cursors.get(chain.chainId) ?? 0n
    if (latest < from) return
    const logs = await chain.client.getLogs({ fromBlock: from, toBlock: latest })
    cursors.set(chain.chainId, latest + 1n)
    for (const log of logs) {
      const address = log.address.toLowerCase()
      if (address === chain.contracts.dlnSource.toLowerCase()) {
        try {
          const e = decodeEventLog({ abi: dlnSourceAbi, data: log.data, topics: log.topics })
          if (e.eventName === 'CreatedOrder') {
            const a = e.args as unknown as {
              order: DlnOrder
              orderId: Hex
              referralCode: number
              percentFee: bigint
              nativeFixFee: bigint
            }
            onOrder(a.orderId, a.order, Number(a.referralCode), a.percentFee, a.nativeFixFee)
          }
        } catch {
          // not an event the solver acts on
        }
      } else if (address === chain.contracts.messenger.toLowerCase()) {
        try {
          const e = decodeEventLog({ abi: devnetMessengerAbi, data: log.data, topics: log.topics })
          if (e.eventName === 'MessageSent') {
            const a = e.args as { dstChainId: bigint; target: Address; data: Hex }
            track(
              relayMessage(chain, Number(a.dstChainId), a.target, a.data).catch((error) =>
                fail(undefined, 'relay', error),
              ),
            )
          }
        } catch {
          // MessageDelivered and others
        }
      }
    }
  }
  async function pollSolana(): Promise<void> {
    if (!options.solana) return
    const txs = await callSolanaDevnet<{ index: number; err: unknown; transaction: string }[]>(
      options.solana.rpcUrl,
      'devnet_getTransactions',
      [solanaCursor],
    )
    for (const t of txs) {
      solanaCursor = t.index + 1
      if (t.err !== null) continue
      let decoded: ReturnType<typeof decodeSolanaOrderTx>
      try {
        decoded = decodeSolanaOrderTx(bytesToHex(Buffer.from(t.transaction, 'base64')))
      } catch {
        continue
      }
      const p = decoded.payload
      if (!p) continue
      // Only a deposit that really reached the escrow counts as an order.
      const escrow = options.solana.escrow
      const escrowAta =
        decoded.give?.kind === 'spl'
          ? getAssociatedTokenAddressSync(
              new PublicKey(decoded.give.mint),
              new PublicKey(escrow),
              true,
            ).toBase58()
          : escrow
      const paidTo = decoded.give?.kind === 'spl' ? decoded.give.destination : decoded.give?.to
      const fee = decoded.lamportTransfers.find((l) => l.to === escrow)?.lamports ?? 0n
      if (paidTo !== escrowAta || decoded.give === undefined) continue
      const paid = decoded.give.kind === 'spl' ? decoded.give.amount : decoded.give.lamports
      if (paid !== p.creationGiveAmount) continue
      const orderId = computeOrderId(p.order)
      onOrder(orderId, p.order, p.referralCode, p.creationGiveAmount - p.order.giveAmount, fee)
    }
  }
  let polling = false
  const loop = setInterval(() => {
    if (polling || stopped) return
    polling = true
    const rounds = [...chains.values()].map((c) =>
      pollEvm(c).catch((error) => fail(undefined, `poll ${c.chainId}`, error)),
    )
    rounds.push(pollSolana().catch((error) => fail(undefined, 'poll solana', error)))
    void Promise.all(rounds).finally(() => {
      polling = false
    })
  }, pollIntervalMs)

  return {
    events,
    setPolicy(next) {
      policy = next
    },
    async stop() {
      stopped = true
      clearInterval(loop)
      for (const t of timers) clearTimeout(t)
      timers.clear()
      // In-flight fills and relays finish on their own; a stuck one must not hold the stop.
      let bound: NodeJS.Timeout | undefined
      await Promise.race([
        Promise.allSettled([...pending]),
        new Promise<void>((resolve) => {
          bound = setTimeout(() => {
            logger.warn({ pending: pending.size }, 'solver stopped with work still in flight')
            resolve()
          }, 5_000)
        }),
      ])
      clearTimeout(bound)
    },
  }
}

function hexBytes(hex: Hex): Uint8Array {
  return Uint8Array.from(Buffer.from(hex.slice(2), 'hex'))
}

function addressText(chainId: number, bytes: Hex): string {
  return chainId === SOLANA ? encodeBase58(hexBytes(bytes)) : bytes
}

/** The order was filled or cancelled on the destination before the solver got to it. */
class OrderNoLongerOpenError extends Error {
  constructor(
    readonly orderId: Hex,
    readonly status: number,
  ) {
    super(`order ${orderId} is no longer open (takeOrders status ${status})`)
  }
}
