import { type Connection, Keypair, type PublicKey } from '@solana/web3.js'
import type { PublicClient } from 'viem'
import type { ApiClient } from '../api/createApiClient.ts'
import { SOLANA_CHAIN_ID } from '../api/schemas/chainId.ts'
import { createEvmRpc, type EvmRpc } from '../chains/evm/createEvmRpc.ts'
import { createEvmSender, type EvmSender } from '../chains/evm/createEvmSender.ts'
import { createEvmSigner } from '../chains/evm/createEvmSigner.ts'
import { createRolesSender } from '../chains/evm/safe/createRolesSender.ts'
import { createSafeSender } from '../chains/evm/safe/createSafeSender.ts'
import {
  createSolanaAccountReader,
  type SolanaAccountReader,
} from '../chains/solana/createSolanaAccountReader.ts'
import { createSolanaConnection } from '../chains/solana/createSolanaConnection.ts'
import { lookupTableReaderOf } from '../chains/solana/readSolanaLookupTables.ts'
import type { Clock } from '../common/clock.ts'
import type { Logger } from '../common/Logger.ts'
import type { EngineEvent } from '../observe/engineEvents.ts'
import { createEvmSendJournal } from '../store/contract/createEvmSendJournal.ts'
import type { JournalStore } from '../store/contract/JournalStore.ts'
import { createTrustedPriceSource } from '../verify/prices/createTrustedPriceSource.ts'
import type { TrustedPriceSource } from '../verify/prices/tokenUsdPrice.ts'
import { createIntentLedger, type IntentLedger } from './createIntentLedger.ts'
import { type FailPoint, noFailPoint } from './failPoints.ts'
import type { WorldWiring } from './worldWiring.ts'

/** The Solana chain id of the service, re-exported for the modules that import it from here. */
export { SOLANA_CHAIN_ID }

/** One configured EVM chain: its RPCs, ferry's sender on it (when the run sends) and its rules. */
export type EvmChain = {
  rpc: EvmRpc
  sender: EvmSender | undefined
  confirmations: number
  simulation: 'on' | 'off'
  /** How an ERC-20 input is authorised (docs/safety.md §10). */
  approvals: 'permit' | 'approve'
}

/** Everything the execution steps share: chains, wallets, prices, the journal and its ledger. */
export type ChainContext = {
  api: ApiClient
  wiring: WorldWiring
  journal: JournalStore
  ledger: IntentLedger
  evm: ReadonlyMap<number, EvmChain>
  prices: TrustedPriceSource
  connection: Connection | undefined
  /** Lookup-table reads through Solana's read RPCs under their quorum (P-2.12). */
  solanaLookupTables: ((keys: string[]) => Promise<Map<string, PublicKey[]>>) | undefined
  /** Reads Solana accounts under the chain's RPC quorum (a cancel's tables and deBridge's fees). */
  solanaAccounts: SolanaAccountReader | undefined
  solanaKey: Keypair | undefined
  /** Our wallet address on a chain. @throws Error when no wallet is configured for it. */
  walletOn(chainId: number): string
  /** The read client of an EVM chain. @throws Error when the chain is not configured. */
  readClient(chainId: number): PublicClient
  /**
   * The read client of an EVM chain whose requests a stop aborts (the tick's balance reads).
   * @throws Error when the chain is not configured.
   */
  balanceClient(chainId: number): PublicClient
  /**
   * Each running intent's last risk check, run by the write-ahead insert of its signed records
   * (docs/safety.md P-4.2); set by the chain ops for the length of an execution.
   */
  preSignGuards: Map<string, () => void | Promise<void>>
  failPoint: FailPoint
  clock: Clock
  logger: Logger
  /** Closes the senders (their nonce trackers and timers). */
  close(): void
}

/**
 * Builds the {@link ChainContext} from the wiring: one RPC set and (when the run sends) one
 * verifying sender per EVM chain, whose journal writes are followed by the crash-test fail points;
 * the trusted price source read through these RPCs (P-8.6); the Solana connection and key.
 */
export function createChainContext(params: {
  api: ApiClient
  wiring: WorldWiring
  journal: JournalStore
  clock: Clock
  logger: Logger
  /** ferry's stop (the first Ctrl-C): aborts the pending balance reads. Default none. */
  stopSignal?: AbortSignal
  /** Where world-level events go (an RPC disagreement, for its alert). Default: the log only. */
  emit?: (e: EngineEvent) => void
}): ChainContext {
  const { api, wiring, journal, clock, logger } = params
  const failPoint = wiring.failPoint ?? noFailPoint
  const preSignGuards = new Map<string, () => void | Promise<void>>()
  const storeJournal = createEvmSendJournal(journal, {
    guardOf(intentId) {
      const guard = preSignGuards.get(intentId)
      if (guard === undefined) return undefined
      // Kept synchronous when the guard is (SQLite runs it inside its own transaction).
      return () => {
        failPoint('inWriteAhead')
        return guard()
      }
    },
  })
  // The fail points of the send pipeline sit right after each journal write they follow.
  const evmJournal: typeof storeJournal = {
    afterInclusion: (inclusion) => storeJournal.afterInclusion(inclusion),
    openNonces: (chainId, from) => storeJournal.openNonces(chainId, from),
    beforePermit: (record) => storeJournal.beforePermit(record),
    async beforeBroadcast(record) {
      await storeJournal.beforeBroadcast(record)
      if (record.kind === 'order') failPoint('afterSign')
    },
    async afterBroadcast(outcome) {
      await storeJournal.afterBroadcast(outcome)
      if (outcome.record.kind === 'approve') failPoint('afterApprovalSent')
      if (outcome.record.kind === 'order') failPoint('afterBroadcast')
      if (outcome.record.kind === 'patch') failPoint('afterPatchSent')
    },
  }
  const safe = wiring.evmWallet?.safe
  const roles = wiring.evmWallet?.roles
  const signer = wiring.evmWallet?.key
    ? createEvmSigner(wiring.evmWallet.key, wiring.evmWallet.address, {
        ...(safe ? { safe } : {}),
        ...(roles ? { roles } : {}),
      })
    : undefined
  const evm = new Map<number, EvmChain>()
  for (const c of wiring.evm) {
    const rpc = createEvmRpc(c.rpcUrls, {
      chainId: c.chainId,
      ...(params.stopSignal ? { stopSignal: params.stopSignal } : {}),
      ...(c.sendUrl === undefined ? {} : { sendUrl: c.sendUrl }),
      ...(c.rpcQuorum === undefined ? {} : { quorum: c.rpcQuorum }),
      // A disagreement is refused where it happens; here it is told (an alert), hosts only.
      onEvent: (e) => {
        if (e.type === 'breaker') {
          logger.warn({ chainId: c.chainId, ...e }, 'RPC circuit breaker')
          return
        }
        logger.error({ chainId: c.chainId, ...e }, 'RPCs disagree on a read that decides money')
        params.emit?.({
          type: 'rpcDisagreement',
          chainId: c.chainId,
          method: e.method,
          detail: e.detail,
        })
      },
    })
    const keySender =
      signer && wiring.sending
        ? createEvmSender({
            chainId: c.chainId,
            signer,
            rpc,
            journal: evmJournal,
            feePolicy: {
              maxFeePerGasCapWei: c.maxFeePerGasWei,
              ...(c.maxPriorityFeePerGasWei === undefined
                ? {}
                : { maxPriorityFeePerGasCapWei: c.maxPriorityFeePerGasWei }),
            },
            ...(c.gasLimitCap === undefined ? {} : { gasLimitCap: c.gasLimitCap }),
            confirmations: c.confirmations,
            pollIntervalMs: wiring.pollIntervalMs,
            clock,
            logger,
          })
        : undefined
    // A Safe account: the Safe is the wallet, the key's sender carries its execTransaction calls
    // (owner mode) or its execTransactionWithRole calls to the Roles modifier (roles mode).
    const sender =
      keySender && safe && roles
        ? createRolesSender(keySender, safe, roles)
        : keySender && safe
          ? createSafeSender(keySender, safe, (note, request) => {
              logger.info(
                { chainId: c.chainId, kind: request.kind, intentId: request.intentId, ...note },
                'Safe transaction about to be signed',
              )
            })
          : keySender
    evm.set(c.chainId, {
      rpc,
      sender,
      confirmations: c.confirmations,
      simulation: c.simulation ?? 'on',
      approvals: c.approvals ?? 'permit',
    })
  }
  const prices = wiring.priceEntries?.length
    ? createTrustedPriceSource({
        prices: wiring.priceEntries,
        readClient: (chainId) => evm.get(chainId)?.rpc.read,
      })
    : wiring.prices
  // One reader, one connection per read URL, for the tables of orders and the reads of cancels.
  const solanaAccounts =
    wiring.solana &&
    createSolanaAccountReader({
      readUrls: wiring.solana.readUrls ?? [wiring.solana.rpcUrl],
      commitment: wiring.solana.commitment,
      rpcQuorum: wiring.solana.rpcQuorum,
    })
  return {
    api,
    wiring,
    journal,
    ledger: createIntentLedger(journal),
    evm,
    prices,
    connection: wiring.solana
      ? createSolanaConnection(
          wiring.solana.rpcUrl,
          wiring.solana.commitment,
          wiring.solana.sendUrl,
        )
      : undefined,
    solanaLookupTables: solanaAccounts && lookupTableReaderOf(solanaAccounts),
    solanaAccounts,
    solanaKey: wiring.solanaWallet?.secretKey
      ? Keypair.fromSecretKey(wiring.solanaWallet.secretKey)
      : undefined,
    walletOn(chainId) {
      if (chainId === SOLANA_CHAIN_ID) {
        if (!wiring.solanaWallet) throw new Error('no Solana wallet is configured (wallets.solana)')
        return wiring.solanaWallet.address
      }
      if (!wiring.evmWallet) throw new Error('no EVM wallet is configured (wallets.evm)')
      return wiring.evmWallet.safe ?? wiring.evmWallet.address
    },
    readClient(chainId) {
      const c = evm.get(chainId)
      if (!c) throw new Error(`chain ${chainId} is not configured (chains.${chainId})`)
      return c.rpc.read
    },
    balanceClient(chainId) {
      const c = evm.get(chainId)
      if (!c) throw new Error(`chain ${chainId} is not configured (chains.${chainId})`)
      return c.rpc.readUntilStop
    },
    preSignGuards,
    failPoint,
    clock,
    logger,
    close() {
      for (const c of evm.values()) c.sender?.close()
    },
  }
}
