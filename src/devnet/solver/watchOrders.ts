import { type Address, bytesToHex, decodeEventLog, type Hex } from 'viem'
import { dlnSourceAbi } from '../../chains/abi/dlnSourceAbi.ts'
import { SOLANA_PROGRAMS } from '../../chains/chainRegistry.ts'
import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'
import type { DevnetEvmChain } from '../DevnetEvmChain.ts'
import { devnetMessengerAbi } from '../devnetMessengerAbi.ts'
import { callSolanaDevnet } from '../solana/callSolanaDevnet.ts'
import type { SolverContext } from './SolverContext.ts'
import { type SentCancel, sentCancelsOf } from './sentCancelsOf.ts'
import { solanaOrdersOfTx } from './solanaOrdersOfTx.ts'

const SOLANA_FIXED_FEE_LAMPORTS = 15_000_000n

/** What {@link watchOrders} hands on; both are called synchronously from a poll. */
export type OrderWatchHandlers = {
  /**
   * A new order: CreatedOrder on an EVM chain, or a landed dln_src createOrderWithNonce.
   * `percentFee` is in the give token's base units, `fixFee` in the source's native base units.
   */
  order(
    orderId: Hex,
    order: DlnOrder,
    referralCode: number,
    percentFee: bigint,
    fixFee: bigint,
  ): void
  /** A DevnetMessenger MessageSent on `from`, to relay to `dstChainId`. */
  message(from: DevnetEvmChain, dstChainId: number, target: Address, data: Hex): void
  /** A dln_dst `sendOrderCancel` of a landed Solana transaction, once per instruction. */
  cancel(cancel: SentCancel): void
}

/**
 * Polls every EVM chain's logs and the Solana devnet's transactions (dln_src creates, read from the landed real-format transaction, and cancels) every `pollIntervalMs`, one
 * cursor per chain, and hands orders and messages to `handlers`. A failed poll is reported
 * through ctx.fail and retried next round; a round starts only once the last one ended. Returns
 * the stop function.
 */
export function watchOrders(
  ctx: SolverContext,
  pollIntervalMs: number,
  handlers: OrderWatchHandlers,
): () => void {
  const cursors = new Map<number, bigint>()
  let solanaCursor = 0
  let polling = false
  let stopped = false

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
            handlers.order(a.orderId, a.order, Number(a.referralCode), a.percentFee, a.nativeFixFee)
          }
        } catch {
          // not an event the solver acts on
        }
      } else if (address === chain.contracts.messenger.toLowerCase()) {
        try {
          const e = decodeEventLog({ abi: devnetMessengerAbi, data: log.data, topics: log.topics })
          if (e.eventName === 'MessageSent') {
            const a = e.args as { dstChainId: bigint; target: Address; data: Hex }
            handlers.message(chain, Number(a.dstChainId), a.target, a.data)
          }
        } catch {
          // MessageDelivered and others
        }
      }
    }
  }

  async function pollSolana(): Promise<void> {
    if (!ctx.solana) return
    const txs = await callSolanaDevnet<{ index: number; err: unknown; transaction: string }[]>(
      ctx.solana.rpcUrl,
      'devnet_getTransactions',
      [solanaCursor],
    )
    for (const t of txs) {
      if (t.err !== null) {
        solanaCursor = t.index + 1
        continue
      }
      const txData = bytesToHex(Buffer.from(t.transaction, 'base64'))
      // A failed read throws before the cursor moves: the next poll reads this one again.
      const created = await solanaOrdersOfTx(
        ctx.solana.connection,
        txData,
        SOLANA_PROGRAMS.dlnSource,
      )
      solanaCursor = t.index + 1
      for (const c of created) {
        // The fixed fee in lamports, as dln_src's State holds it (docs/dln.md §1.5).
        handlers.order(c.orderId, c.order, c.referralCode, c.percentFee, SOLANA_FIXED_FEE_LAMPORTS)
      }
      for (const cancel of sentCancelsOf(t.transaction)) handlers.cancel(cancel)
    }
  }

  const loop = setInterval(() => {
    if (polling || stopped) return
    polling = true
    const rounds = [...ctx.chains.values()].map((c) =>
      pollEvm(c).catch((error) => ctx.fail(undefined, `poll ${c.chainId}`, error)),
    )
    rounds.push(pollSolana().catch((error) => ctx.fail(undefined, 'poll solana', error)))
    void Promise.all(rounds).finally(() => {
      polling = false
    })
  }, pollIntervalMs)

  return () => {
    stopped = true
    clearInterval(loop)
  }
}
