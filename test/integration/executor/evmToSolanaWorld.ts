/**
 * The world of the EVM → Solana tests (evmToSolana.test.ts): one devnet (Arbitrum and Solana, the
 * solver filling after 50 ms), ferry's EVM sender journaling into a SQLite journal in a temp
 * folder, the solver's recorded events and a Solana connection; orders made and journaled as the
 * engine does, the Solana cancel and its tamper proxy. Bindings are live: read them inside tests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Connection, type PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { afterAll, beforeAll } from 'vitest'
import { SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { debridgeSendRentLamports } from '../../../src/chains/solana/debridgeSendingAccounts.ts'
import {
  ORDER_TAKE_STATUS,
  TAKE_ORDER_STATE_RENT_LAMPORTS,
  takeOrderStateAddress,
} from '../../../src/chains/solana/takeOrderStateLayout.ts'
import { devnetSolanaKeypair } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, SOLANA_USDC_MINT, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { cancelIntentOrder } from '../../../src/execute/cancelIntentOrder.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import { createEvmSendJournal } from '../../../src/store/contract/createEvmSendJournal.ts'
import { type Journal, openJournal } from '../../../src/store/sqlite/openJournal.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import type { OrderIntent } from '../../../src/verify/orderIntent.ts'
import { type EventRecorder, recordEvents } from '../../helpers/recordEvents.ts'
import { devnetValueFlow, testApi, testSender, user } from './executorHarness.ts'
import { solanaCancelAttackKit } from './solanaCancelAttackKit.ts'
import { startTamperProxy, type TamperProxy } from './startTamperProxy.ts'

export let devnet: Devnet
export let sender: EvmSender
export let solver: EventRecorder
export let journal: Journal
export let dir: string
export let connection: Connection
/** The tamper proxy in front of the simulator, while {@link useCancelProxy}'s describe runs. */
export let proxy: TamperProxy
export const solUser = devnetSolanaKeypair('user')
/**
 * What an honest cancel into Solana takes from the canceler (docs/dln.md §4.10): deBridge's flat
 * fee, the rent of the take state and of deBridge's external-call accounts for claimCancel's 68
 * bytes, one signature's fee and the 500-lamport priority fee of deBridge's compute budget.
 */
export const SOLANA_CANCEL_COST_LAMPORTS =
  15_000_000n + TAKE_ORDER_STATE_RENT_LAMPORTS + debridgeSendRentLamports(68) + 5_000n + 500n

/** Starts the file's devnet, sender, journal and recorders; closes and removes all after the file. */
export function useEvmToSolanaWorld(): void {
  beforeAll(async () => {
    devnet = await startDevnet({ evmChainIds: [42161], solana: true, fillDelayMs: 50 })
    dir = mkdtempSync(join(tmpdir(), 'ferry-evm-to-solana-'))
    journal = openJournal(join(dir, 'journal.sqlite'))
    ;({ sender } = testSender(devnet.evm[0]!, {
      journal: createEvmSendJournal(toJournalStore(journal)),
    }))
    solver = recordEvents(devnet.solver!.events, ['seen', 'filled', 'cancelled', 'failed'])
    connection = new Connection(devnet.solana!.rpcUrl, 'confirmed')
  }, 60_000)

  afterAll(async () => {
    sender?.close()
    journal?.close()
    await devnet?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
}

/** The intent of a USDC order 42161 → Solana USDC: our EVM user everywhere on the source, our Solana key as its dst authority. */
export function usdcIntoSolana(
  usdc: string,
  amountIn: bigint,
  minTakeAmount: bigint,
  receiver: PublicKey,
): OrderIntent {
  return {
    srcChainId: 42161,
    dstChainId: 7565164,
    sender: user.address,
    tokenIn: usdc,
    amountIn,
    tokenOut: SOLANA_USDC_MINT,
    minTakeAmount,
    receiver: receiver.toBase58(),
    srcAuthority: user.address,
    dstAuthority: solUser.publicKey.toBase58(),
    cancelBeneficiary: user.address,
    allowedTaker: 'any',
  }
}

/** A USDC order 42161 → Solana with our Solana key as its dst authority, journaled as the engine does. */
export async function createOrder(
  intentId: string,
  amountIn: bigint,
  receiver: PublicKey,
): Promise<Hex> {
  const arb = devnet.evm[0]!
  journal.recordIntent({
    id: intentId,
    strategy: 'test',
    route: '42161->7565164:USDC',
    params: {},
    notionalUsd: Number(amountIn) / 1e6,
  })
  const result = await executeEvmOrder({
    ...devnetValueFlow,
    // These orders are small (20-60 USDC): the 0.001 ETH flat fee is a good part of them.
    maxCostBps: 5_000,
    intent: usdcIntoSolana(
      arb.contracts.tokens.USDC.address,
      amountIn,
      (amountIn * 85n) / 100n,
      receiver,
    ),
    api: testApi(devnet.sim.baseUrl),
    sender,
    intentId,
  })
  journal.recordOrder({
    orderId: result.orderId,
    intentId,
    srcChainId: 42161,
    dstChainId: 7565164,
    state: 'Created',
    createTxHash: result.hash,
  })
  journal.setIntentState(intentId, 'created')
  // The service knows an order once it is indexed: the devnet's solver feeds its store.
  await solver.waitFor<{ orderId: Hex }>('seen', (e) => e.orderId === result.orderId)
  return result.orderId
}

/** A cancel of `orderId` the Solana way, against the service at `apiUrl`, with short devnet waits. */
export function cancelParams(orderId: Hex, apiUrl = devnet.sim.baseUrl) {
  return {
    orderId,
    journal: toJournalStore(journal),
    source: devnet.evm[0]!.client,
    sourceAddress: user.address,
    sourceConfirmations: 1,
    pollIntervalMs: 50,
    refundTimeoutMs: 30_000,
    solana: { connection, secretKey: solUser.secretKey, api: testApi(apiUrl) },
  }
}

/** The take-state status on Solana's DlnDestination, or undefined while the order is open. */
export async function takeStatus(orderId: Hex): Promise<string | undefined> {
  const account = await connection.getAccountInfo(
    takeOrderStateAddress(SOLANA_PROGRAMS.dlnDestination, orderId),
  )
  return account ? ORDER_TAKE_STATUS[account.data[8]!] : undefined
}

/** The Solana cancel attack kit (solanaCancelAttackKit.ts) over this world's live bindings. */
export function cancelAttackKit(attacker: PublicKey, stolenLamports: bigint) {
  return solanaCancelAttackKit({
    get devnet() {
      return devnet
    },
    get connection() {
      return connection
    },
    get solver() {
      return solver
    },
    get journal() {
      return journal
    },
    solUser,
    attacker,
    stolenLamports,
  })
}

/**
 * Writes `live.yaml` in the file's folder, a live config for `ferry cancel` (Arbitrum and Solana,
 * both keys from env), and returns its path.
 */
export function writeLiveCancelConfig(): string {
  const config = join(dir, 'live.yaml')
  const arb = devnet.evm[0]!
  writeFileSync(
    config,
    [
      'mode: live',
      'service:',
      `  apiUrl: ${devnet.sim.baseUrl}`,
      'chains:',
      '  42161:',
      `    rpcUrls: [${arb.rpcUrl}]`,
      '    confirmations: 1',
      '  7565164:',
      `    rpcUrls: [${devnet.solana!.rpcUrl}]`,
      'wallets:',
      '  evm:',
      '    privateKeyEnv: CANCEL_TEST_EVM_KEY',
      `    address: '${user.address}'`,
      '  solana:',
      '    secretKeyEnv: CANCEL_TEST_SOL_KEY',
      `    address: ${solUser.publicKey.toBase58()}`,
      '',
    ].join('\n'),
  )
  return config
}

/**
 * For the cancel tests' describe: the solver never fills (so orders stay open to cancel), and a
 * tamper proxy stands in front of the simulator until the describe ends.
 */
export function useCancelProxy(): void {
  beforeAll(async () => {
    devnet.solver!.setPolicy({ neverFill: true })
    proxy = await startTamperProxy(devnet.sim.baseUrl)
  })
  afterAll(async () => {
    await proxy?.close()
  })
}

/** Cancels `orderId` the Solana way (cancelIntentOrder) against the service at `apiUrl`. */
export const cancel = (orderId: Hex, apiUrl = devnet.sim.baseUrl) =>
  cancelIntentOrder(cancelParams(orderId, apiUrl))
