import type { Command } from 'commander'
import type { Address, Hex } from 'viem'
import { type ChainId, SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { createEvmRpc } from '../../chains/evm/createEvmRpc.ts'
import { createEvmSender } from '../../chains/evm/createEvmSender.ts'
import { createEvmSigner } from '../../chains/evm/createEvmSigner.ts'
import { createRolesSender } from '../../chains/evm/safe/createRolesSender.ts'
import { createSafeSender } from '../../chains/evm/safe/createSafeSender.ts'
import { toPrintableJson } from '../../common/format/toPrintableJson.ts'
import { UsageError } from '../../common/UsageError.ts'
import {
  type CancelOrderProgress,
  type CancelOrderResult,
  cancelIntentOrder,
} from '../../execute/cancelIntentOrder.ts'
import { checkCancellableOrder } from '../../execute/evm/checkCancellableOrder.ts'
import { createLogger } from '../../observe/createLogger.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { loadConfig } from '../../settings/loadConfig.ts'
import { resolveJournalTarget } from '../../settings/resolveJournalTarget.ts'
import { createEvmSendJournal } from '../../store/contract/createEvmSendJournal.ts'
import type { GlobalOptions } from '../cliContext.ts'
import { formatCancelResult } from '../format/formatCancelResult.ts'
import { openCancelJournal } from '../openCancelJournal.ts'
import { printResult } from '../printResult.ts'
import { requireConfigPath } from '../requireConfigPath.ts'
import { resolveEvmKeySource } from '../resolveEvmKeySource.ts'
import { resolveSolanaCancelSide } from '../resolveSolanaCancelSide.ts'
import { evmChainWiring } from '../run/buildWorldWiring.ts'
import { collectKnownSecrets } from '../run/collectKnownSecrets.ts'

/** Options of `ferry cancel`. Fees in destination-chain wei, durations in ms. */
type CancelOptions = {
  journal?: string
  live?: boolean
  wait: boolean
  waitMs: number
  messagingFeeWei?: bigint
  executionFeeWei?: bigint
  maxValueWei?: bigint
}

/**
 * Runs `ferry cancel <orderId> --config <file> [--journal path|url] [--live]`: cancels an
 * unfilled order through its destination authority (our wallet, P-7.1) with a
 * `sendEvmOrderCancel` ferry builds and verifies itself, or, for an order into Solana, the
 * service's Solana cancel once it equals ferry's own (P-7.4; `--max-value-wei` then caps its fee in
 * lamports), journaled before broadcast, and
 * follows the refund to our source address (P-7.2) until ClaimedOrderCancel (P-7.5). It sends,
 * so it needs `mode: live` in the config and `--live` (P-4.1), else exit 2; an orderId not in
 * the journal exits 2; an order ferry will not cancel (filled, not from an EVM chain, already refunded) exits 1.
 * Holds the destination wallet's sender lock (SQLite) or wallet lease (the shared PostgreSQL
 * journal, resolved as every command resolves it) while it runs (P-2.4).
 */
export async function cancelCommand(orderIdArg: string, _o: unknown, cmd: Command): Promise<void> {
  const options = cmd.optsWithGlobals<GlobalOptions & CancelOptions>()
  if (!/^0x[0-9a-fA-F]{64}$/.test(orderIdArg)) {
    throw new UsageError(
      'orderId',
      `${orderIdArg} is not an orderId`,
      'give 0x and 64 hex digits, as ferry history shows it',
    )
  }
  const orderId = orderIdArg.toLowerCase() as Hex
  const configPath = requireConfigPath(options, 'cancel', 'it names the chains and the wallet')
  const { config, env } = loadConfig({ path: configPath })
  // Resolved first: a journal value that cannot be right is the first thing to fix.
  const target = resolveJournalTarget(configPath, options, config.journal.url)
  refuseWithoutLive(config, options.live === true)
  const journal = await openCancelJournal(target)
  const store = journal.store
  const logger = createLogger({
    level: options.logLevel ?? 'warn',
    secrets: collectKnownSecrets(config, env),
  })
  let release = async (): Promise<void> => {}
  try {
    const rec = await store.getOrder(orderId)
    if (!rec) {
      throw new UsageError(
        'orderId',
        `no order ${orderId} in the journal ${journal.name}`,
        'list the orders with ferry history, or pass --journal <path|url> of the journal ferry run writes',
      )
    }
    checkCancellableOrder(rec)
    const src = evmChainWiring(config, requireChain(config, rec.srcChainId))
    const common = {
      orderId,
      journal: store,
      source: createEvmRpc(src.rpcUrls).read,
      waitForRefund: options.wait,
      refundTimeoutMs: options.waitMs,
      sourceConfirmations: src.confirmations,
      logger,
      onProgress: (e: CancelOrderProgress) => {
        if (!options.json) showProgress(e, rec.srcChainId, options.wait)
      },
    }
    // The destination wallet's sender lock, held for the whole wait (P-2.4).
    const lockSender = (address: string) =>
      journal.holdWallet(rec.dstChainId, address, options.waitMs + 600_000)
    let result: CancelOrderResult
    if (rec.dstChainId === SOLANA_CHAIN_ID) {
      // An order into Solana: our Solana key is its destination authority (P-7.1).
      const solana = resolveSolanaCancelSide(config, env, configPath, cmd)
      release = await lockSender(solana.address)
      result = await cancelIntentOrder({
        ...common,
        sourceAddress: requireEvmAddress(config),
        solana: {
          ...solana.side,
          ...(options.maxValueWei === undefined ? {} : { maxFeeLamports: options.maxValueWei }),
        },
      })
    } else {
      const dst = evmChainWiring(config, requireChain(config, rec.dstChainId))
      const key = resolveEvmKeySource(config.wallets.evm, env, configPath)
      // A Safe account: the Safe is the order's destination authority; the key executes for it.
      const account = config.wallets.evm?.account
      const safe = typeof account === 'object' ? (account.safe as Address) : undefined
      const roles =
        typeof account === 'object' && account.roles
          ? { modifier: account.roles.modifier as Address, roleKey: account.roles.roleKey as Hex }
          : undefined
      const signer = createEvmSigner(key.source, key.address, {
        ...(safe ? { safe } : {}),
        ...(roles ? { roles } : {}),
      })
      const unlock = await lockSender(signer.address)
      release = unlock
      const keySender = createEvmSender({
        chainId: rec.dstChainId as ChainId,
        signer,
        rpc: createEvmRpc(dst.rpcUrls, dst.sendUrl === undefined ? {} : { sendUrl: dst.sendUrl }),
        journal: createEvmSendJournal(store),
        feePolicy: {
          maxFeePerGasCapWei: dst.maxFeePerGasWei,
          ...(dst.maxPriorityFeePerGasWei === undefined
            ? {}
            : { maxPriorityFeePerGasCapWei: dst.maxPriorityFeePerGasWei }),
        },
        ...(dst.gasLimitCap === undefined ? {} : { gasLimitCap: dst.gasLimitCap }),
        confirmations: dst.confirmations,
        logger,
      })
      const sender =
        safe && roles
          ? createRolesSender(keySender, safe, roles)
          : safe
            ? createSafeSender(keySender, safe)
            : keySender
      release = async () => {
        sender.close()
        await unlock()
      }
      result = await cancelIntentOrder({
        ...common,
        sender,
        sourceAddress: safe ?? key.address,
        ...(options.messagingFeeWei === undefined
          ? {}
          : { messagingFeeWei: options.messagingFeeWei }),
        ...(options.executionFeeWei === undefined
          ? {}
          : { executionFeeWei: options.executionFeeWei }),
        ...(options.maxValueWei === undefined ? {} : { maxValueWei: options.maxValueWei }),
      })
    }
    printResult(options, toPrintableJson(result), () => formatCancelResult(result))
  } finally {
    try {
      await release()
    } finally {
      await journal.close()
    }
  }
}

/** P-4.1: a cancel is a send; it needs `mode: live` and `--live`, and real chains. */
function refuseWithoutLive(config: DeepReadonly<FerryConfig>, live: boolean): void {
  const embedded =
    config.service.apiUrl === 'embedded' ||
    Object.values(config.chains).some((c) => c.rpcUrls.includes('embedded'))
  if (embedded) {
    throw new UsageError(
      '--config',
      'the embedded world lives only while ferry run runs, so it has no order to cancel',
      'set tracking.autoCancel: true to cancel unfilled orders during the run',
    )
  }
  const missing = [
    ...(config.mode === 'live' ? [] : ['mode: live in the config']),
    ...(live ? [] : ['--live']),
  ]
  if (missing.length > 0) {
    throw new UsageError(
      missing.includes('--live') ? '--live' : 'mode',
      `a cancel sends a transaction; missing ${missing.join(' and ')}`,
      'set mode: live in the config and pass --live to send it',
    )
  }
}

/** Our EVM address, the refund beneficiary on the source chain (P-7.2). */
function requireEvmAddress(config: DeepReadonly<FerryConfig>): string {
  const account = config.wallets.evm?.account
  const address = typeof account === 'object' ? account.safe : config.wallets.evm?.address
  if (!address) {
    throw new UsageError(
      'wallets.evm',
      'the refund is paid on the EVM source chain to our address, which the config does not name',
      'set wallets.evm.address',
    )
  }
  return address
}

function requireChain(config: DeepReadonly<FerryConfig>, chainId: number): number {
  if (!config.chains[String(chainId)]) {
    throw new UsageError(
      `chains.${chainId}`,
      `the order needs chain ${chainId}, which the config does not name`,
      `add chains.${chainId}.rpcUrls to the config`,
    )
  }
  return chainId
}

function showProgress(e: CancelOrderProgress, srcChainId: number, wait: boolean): void {
  if (e.stage === 'broadcast') process.stdout.write(`cancel sent: ${e.hash}\n`)
  if (wait && e.stage === 'orderState' && e.state === 'SentOrderCancel') {
    process.stdout.write(`cancel mined; waiting for the refund on chain ${srcChainId}…\n`)
  }
}
