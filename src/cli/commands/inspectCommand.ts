import { Connection, VersionedTransaction } from '@solana/web3.js'
import type { Command } from 'commander'
import { type Hex, hexToBytes } from 'viem'
import { type ChainId, chainIdSchema, SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { CHAINS } from '../../chains/chainRegistry.ts'
import { readSolanaLookupTables } from '../../chains/solana/readSolanaLookupTables.ts'
import { FerryError } from '../../common/FerryError.ts'
import { UsageError } from '../../common/UsageError.ts'
import {
  DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
  DEFAULT_SOLANA_TRANSFER_FEE_BPS,
} from '../../verify/verifySolanaOrderTx.ts'
import type { GlobalOptions } from '../cliContext.ts'
import { formatInspectReport } from '../format/formatInspectReport.ts'
import { type DlnSolanaInspection, inspectDlnSolanaTx } from '../inspect/inspectDlnSolanaTx.ts'
import { inspectEvmTx } from '../inspect/inspectEvmTx.ts'
import type { InspectReport } from '../inspect/inspectReport.ts'
import { parseIntentFile } from '../inspect/parseIntentFile.ts'
import { printResult } from '../printResult.ts'

type InspectOptions = {
  chain?: number
  to?: string
  data?: string
  value?: bigint
  from?: string
  transferFeeBps?: number
  fixedFee?: bigint
  masterNonce?: bigint
  orderId?: string
  intent?: string
  solanaTx?: string
  maxPriorityFee?: bigint
  rpc?: string
}

/**
 * Runs `ferry inspect`: decodes an order transaction (EVM `--chain --to --data`, or
 * `--solana-tx`), prints every decoded field, the orderId it creates and the verdict of each
 * verifier check, against `--intent` when given. Reads no chain and no service. Exit 0 when every
 * check passes, 1 when one fails or the transaction does not decode, 2 on bad flags.
 */
export async function inspectCommand(_opts: unknown, cmd: Command): Promise<void> {
  const options = cmd.optsWithGlobals<InspectOptions & GlobalOptions>()
  const dln = options.solanaTx === undefined ? undefined : await inspectRealSolana(options)
  const report = dln?.report ?? inspect(options)
  printResult(options, report, () => formatInspectReport(report))
  if (dln) refuseUnreadable(dln, options.rpc)
  if (!report.ok) {
    const failed = report.checks.filter((c) => !c.ok).map((c) => c.field)
    throw new FerryError(`inspect: refused, ${failed.length} check(s) failed: ${failed.join(', ')}`)
  }
}

function inspect(o: InspectOptions): InspectReport {
  const file = o.intent === undefined ? undefined : parseIntentFile(o.intent)
  const announcedOrderId = o.orderId ?? file?.orderId
  if (announcedOrderId !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(announcedOrderId)) {
    throw new UsageError('--order-id', 'must be 0x and 64 hex digits', 'give the announced orderId')
  }
  if (o.chain === undefined || o.to === undefined || o.data === undefined) {
    throw new UsageError(
      '--chain/--to/--data',
      'an EVM transaction needs all three',
      'give --chain, --to and --data, or --solana-tx',
    )
  }
  const parsed = chainIdSchema.safeParse(o.chain)
  if (!parsed.success) {
    throw new UsageError('--chain', `${o.chain} is not a supported chain id`, 'use a spec chain id')
  }
  const chainId: ChainId = parsed.data
  if (CHAINS[chainId].kind === 'solana')
    throw new UsageError('--chain', 'is Solana', 'use --solana-tx')
  checkIntentChain(file?.intent.srcChainId, chainId)
  if (!/^0x[0-9a-fA-F]{40}$/.test(o.to)) {
    throw new UsageError('--to', 'must be an EVM address', 'give 0x and 40 hex digits')
  }
  return inspectEvmTx({
    chainId,
    to: o.to,
    data: hexOption('--data', o.data),
    value: o.value,
    from: o.from,
    transferFeeBps: BigInt(o.transferFeeBps ?? 4),
    fixedFeeWei: o.fixedFee ?? CHAINS[chainId].fixedFeeFallback ?? 0n,
    masterNonce: o.masterNonce,
    intent: file?.intent,
    announcedOrderId,
  })
}

/**
 * A Solana transaction in deBridge's real format (docs/dln.md §4.10), inspected by IDL with its
 * tables read through `--rpc` when given; undefined without `--solana-tx`.
 */
async function inspectRealSolana(o: InspectOptions): Promise<DlnSolanaInspection | undefined> {
  const raw = o.solanaTx!.trim()
  const txData = (raw.startsWith('0x') ? raw : `0x${raw}`) as Hex
  if (raw === '' || raw === '0x') {
    throw new UsageError(
      '--solana-tx',
      'is empty',
      'give the serialized transaction as hex (the service answers it as tx.data)',
    )
  }
  const tables = lookupTablesOf(hexOption('--solana-tx', txData))
  if (o.to !== undefined || o.data !== undefined) throw bothForms()
  if (o.chain !== undefined && o.chain !== SOLANA_CHAIN_ID) {
    throw new UsageError(
      '--chain',
      `${o.chain} is not Solana`,
      `drop --chain or give ${SOLANA_CHAIN_ID}`,
    )
  }
  const file = o.intent === undefined ? undefined : parseIntentFile(o.intent)
  checkIntentChain(file?.intent.srcChainId, SOLANA_CHAIN_ID)
  const lookupTables =
    o.rpc === undefined || tables.length === 0
      ? undefined
      : await readSolanaLookupTables(new Connection(o.rpc, 'confirmed'), tables)
  return inspectDlnSolanaTx({
    txData,
    lookupTables,
    intent: file?.intent,
    announcedOrderId: o.orderId ?? file?.orderId,
    transferFeeBps:
      o.transferFeeBps === undefined ? DEFAULT_SOLANA_TRANSFER_FEE_BPS : BigInt(o.transferFeeBps),
    maxPriorityFeeLamports: o.maxPriorityFee ?? DEFAULT_MAX_PRIORITY_FEE_LAMPORTS,
  })
}

/** Exit 2 naming the subject: unread tables (fix: --rpc), a missing table, an index out of range,
 * an unknown program, an instruction that does not decode. */
function refuseUnreadable(d: DlnSolanaInspection, rpc: string | undefined): void {
  const missing = d.unresolved.filter((u) => u.detail === 'was not resolved')
  if (missing.length > 0) {
    const names = missing.map((u) => u.subject).join(', ')
    throw rpc === undefined
      ? new UsageError(
          '--rpc',
          `${names} not resolved`,
          'give --rpc <url> of a Solana RPC to read them',
        )
      : new UsageError(
          missing[0]!.subject,
          `does not exist on ${rpc}`,
          'check the transaction and --rpc (the cluster)',
        )
  }
  const bad = d.unresolved[0]
  if (bad)
    throw new UsageError(
      bad.subject,
      bad.detail,
      'the transaction names an account its table lacks',
    )
  const unreadable = d.report.checks.find(
    (c) => !c.ok && (c.reason === 'does not decode' || c.reason === 'is unknown'),
  )
  if (unreadable) {
    throw new UsageError(
      unreadable.field,
      `${unreadable.reason}: ${unreadable.actual}`,
      'this is not a transaction ferry signs',
    )
  }
}

function lookupTablesOf(txData: Hex): string[] {
  let tx: VersionedTransaction
  try {
    tx = VersionedTransaction.deserialize(hexToBytes(txData))
  } catch (error) {
    throw new UsageError(
      '--solana-tx',
      `does not decode: ${(error as Error).message.split('\n')[0]}`,
      'give a serialized Solana transaction (the service answers it as tx.data)',
    )
  }
  return tx.message.addressTableLookups.map((l) => l.accountKey.toBase58())
}

function bothForms(): UsageError {
  return new UsageError(
    '--solana-tx',
    'is given together with --to/--data',
    'inspect one transaction: either --chain --to --data, or --solana-tx',
  )
}

function checkIntentChain(intentChain: number | undefined, chainId: number): void {
  if (intentChain !== undefined && intentChain !== chainId) {
    throw new UsageError(
      '--intent srcChainId',
      `${intentChain} differs from the transaction's chain ${chainId}`,
      'give the intent of this transaction',
    )
  }
}

function hexOption(flag: string, value: string): Hex {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(value)) {
    throw new UsageError(flag, 'must be hex bytes', 'give 0x and an even number of hex digits')
  }
  return value as Hex
}
