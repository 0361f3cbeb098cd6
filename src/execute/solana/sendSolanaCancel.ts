import { type Connection, type Keypair, VersionedTransaction } from '@solana/web3.js'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import type { ApiClient } from '../../api/createApiClient.ts'
import { encodeBase58 } from '../../chains/base58.ts'
import type { DlnOrder } from '../../chains/orderId/dlnOrder.ts'
import { broadcastSolanaTx } from '../../chains/solana/broadcastSolanaTx.ts'
import type { SolanaAccountReader } from '../../chains/solana/createSolanaAccountReader.ts'
import {
  debridgeSendFeeAccounts,
  debridgeSendFeeOf,
} from '../../chains/solana/debridgeSendFeeOf.ts'
import { readSolanaAccounts } from '../../chains/solana/readSolanaAccounts.ts'
import { lookupTablesOf } from '../../chains/solana/readSolanaLookupTables.ts'
import { SolanaSendError } from '../../chains/solana/SolanaSendError.ts'
import type { SolanaSendJournal } from '../../chains/solana/solanaSendJournal.ts'
import type { Clock } from '../../common/clock.ts'
import type { Logger } from '../../common/Logger.ts'
import { simulateSolanaCancelValueFlow } from '../../verify/simulateSolanaCancelValueFlow.ts'
import {
  type VerifiedSolanaCancel,
  verifySolanaCancelTx,
} from '../../verify/verifySolanaCancelTx.ts'
import type { CancelSolanaOrderProgress } from './cancelSolanaOrderTypes.ts'

/** Inputs of {@link sendSolanaCancel}. */
export type SendSolanaCancelParams = {
  orderId: Hex
  order: DlnOrder
  keypair: Keypair
  sourceAddress: string
  dlnDestination: string
  maxFeeLamports: bigint | undefined
  api: Pick<ApiClient, 'getOrderCancelTx'>
  connection: Connection
  /**
   * Reads the cancel's lookup tables and deBridge's fee accounts in one round trip; default one
   * plain read through `connection`.
   */
  readAccounts?: SolanaAccountReader | undefined
  journal: SolanaSendJournal
  commitment: 'confirmed' | 'finalized'
  pollIntervalMs: number
  maxSignatures: number
  clock: Clock
  logger: Logger
  progress: (event: CancelSolanaOrderProgress) => void
}

/**
 * Sends the service's cancel of an order into Solana, only once it is the cancel ferry would
 * build (verifySolanaCancelTx, P-7.1, P-7.2) and its simulation moves only the fees and the
 * documented rent out of our wallet (P-8.1, P-8.9): a fresh blockhash in place of the placeholder, the final message checked
 * again, simulated unsigned, signed, journaled durably as kind `cancel` (P-2.1), then the same
 * bytes rebroadcast until the commitment or the blockhash's expiry (P-2.16); only after an expiry
 * does it sign again. Returns the landed signature.
 * @throws VerificationError when the service's cancel is not ferry's (nothing is signed);
 *   DebridgeGateError when deBridge's fee accounts are missing or refuse the chain;
 *   SolanaValueFlowError or SolanaSendError `simulationFailed` from the simulation;
 *   SolanaSendError `failedOnChain`, or `expired` after `maxSignatures` expiries.
 */
function tableKeysOf(txData: Hex): string[] {
  try {
    const m = VersionedTransaction.deserialize(hexToBytes(txData)).message
    return m.addressTableLookups.map((l) => l.accountKey.toBase58())
  } catch {
    return [] // the verifier refuses bytes that do not decode, naming tx.data
  }
}

export async function sendSolanaCancel(p: SendSolanaCancelParams): Promise<string> {
  const ourKey = p.keypair.publicKey.toBase58()
  const answer = await p.api.getOrderCancelTx(p.orderId)
  // A real dln_dst cancel loads deBridge's sending accounts from lookup tables, and what it pays
  // deBridge is in deBridge's settings accounts: all read in one round trip (docs/dln.md §4.10).
  // An unread table is refused by the verifier, naming it.
  const tableKeys = tableKeysOf(answer.data as Hex)
  const feeKeys = debridgeSendFeeAccounts(p.order.giveChainId)
  const keys = [...tableKeys, feeKeys.state, feeKeys.chain]
  const accounts = await (p.readAccounts
    ? p.readAccounts(keys, 'lookup tables and deBridge fees')
    : readSolanaAccounts(p.connection, keys))
  const lookupTables = lookupTablesOf(accounts, tableKeys)
  const debridgeFee = debridgeSendFeeOf(accounts, p.order.giveChainId)
  const verify = (txData: Hex): VerifiedSolanaCancel =>
    verifySolanaCancelTx({
      lookupTables,
      debridgeFee,
      txData,
      orderId: p.orderId,
      order: p.order,
      ourDstKey: ourKey,
      ourSrcAddress: p.sourceAddress,
      dlnDestination: p.dlnDestination,
      ...(p.maxFeeLamports === undefined ? {} : { maxFeeLamports: p.maxFeeLamports }),
    })
  const first = verify(answer.data as Hex)
  p.progress({ stage: 'verified', beneficiary: first.beneficiary, feeLamports: first.feeLamports })
  const signatures: string[] = []
  for (let attempt = 0; attempt < p.maxSignatures; attempt++) {
    const latest = await p.connection.getLatestBlockhash('confirmed')
    const tx = VersionedTransaction.deserialize(hexToBytes(answer.data as Hex))
    tx.message.recentBlockhash = latest.blockhash
    // The very message that gets signed is checked again (P-2.17).
    const verified = verify(bytesToHex(tx.serialize()))
    await simulateSolanaCancelValueFlow({
      connection: p.connection,
      tx,
      wallet: ourKey,
      feeLamports: verified.feeLamports,
      feeWaivableLamports: verified.feeWaivableLamports,
      rentLamports: verified.rentLamports,
      priorityFeeLamports: verified.priorityFeeLamports,
      lookupTables,
    })
    p.progress({ stage: 'simulated' })
    tx.sign([p.keypair])
    const rawTx = tx.serialize()
    const signature = encodeBase58(tx.signatures[0]!)
    signatures.push(signature)
    const record = {
      signature,
      rawTx: Buffer.from(rawTx).toString('base64'),
      blockhash: latest.blockhash,
      lastValidBlockHeight: latest.lastValidBlockHeight,
      orderId: p.orderId,
      attempt,
      signaturesOfIntent: [...signatures],
    }
    await p.journal.beforeBroadcast(record)
    p.progress({ stage: 'broadcast', hash: signature })
    p.logger.info({ orderId: p.orderId, signature, attempt }, 'solana cancel sending')
    const result = await broadcastSolanaTx({
      connection: p.connection,
      rawTx,
      signature,
      lastValidBlockHeight: latest.lastValidBlockHeight,
      commitment: p.commitment,
      pollIntervalMs: p.pollIntervalMs,
      rebroadcastIntervalMs: 2_000,
      clock: p.clock,
      logger: p.logger,
    })
    if (result.outcome === 'confirmed') {
      await p.journal.onConfirmed?.(record, { slot: result.slot })
      return signature
    }
    await p.journal.onExpired?.(record, result.blockHeight)
    p.logger.warn(
      { orderId: p.orderId, signature },
      'solana cancel expired unlanded: signing again',
    )
  }
  throw new SolanaSendError('expired', 'every cancel signature expired without landing', {
    signatures,
  })
}
