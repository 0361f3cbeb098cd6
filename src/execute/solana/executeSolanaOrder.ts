import { type Connection, Keypair, type PublicKey, VersionedTransaction } from '@solana/web3.js'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import type { ApiClient } from '../../api/createApiClient.ts'
import type { BuildableCreateTxParams } from '../../api/requests/buildCreateTxQuery.ts'
import type { OrderTxResponse } from '../../api/schemas/orderQuote.ts'
import { encodeBase58 } from '../../chains/base58.ts'
import { broadcastSolanaTx } from '../../chains/solana/broadcastSolanaTx.ts'
import {
  loadSolanaLookupTables,
  type SolanaLookupTableResolver,
} from '../../chains/solana/loadSolanaLookupTables.ts'
import { readSolanaLookupTables } from '../../chains/solana/readSolanaLookupTables.ts'
import { SolanaSendError } from '../../chains/solana/SolanaSendError.ts'
import type { SolanaSendJournal, SolanaSendRecord } from '../../chains/solana/solanaSendJournal.ts'
import { type Clock, systemClock } from '../../common/clock.ts'
import { type Logger, silentLogger } from '../../common/Logger.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import type { OrderIntent } from '../../verify/orderIntent.ts'
import type { TrustedPriceSource } from '../../verify/prices/tokenUsdPrice.ts'
import { simulateSolanaValueFlow } from '../../verify/simulateSolanaValueFlow.ts'
import {
  type SolanaOrderTxOptions,
  type VerifiedSolanaOrder,
  verifySolanaOrderTx,
} from '../../verify/verifySolanaOrderTx.ts'

/** Executor settings; every field has a documented default. */
export type SolanaExecutorConfig = SolanaOrderTxOptions & {
  /** A quote older than this is never signed; ferry re-quotes instead (P-2.12). Default 30_000 ms. */
  maxQuoteAgeMs?: number
  /** The commitment at which the order counts as created. Default `confirmed`. */
  commitment?: 'confirmed' | 'finalized'
  /** Pause between signature-status polls. Default 500 ms. */
  pollIntervalMs?: number
  /** Least time between two sends of the same signed bytes. Default 2_000 ms. */
  rebroadcastIntervalMs?: number
  /** Most signatures per intent: the first plus re-signs after an expiry. Default 3. */
  maxSignatures?: number
  /** Most create-tx calls per intent (the first plus re-quotes of stale quotes). Default 3. */
  maxQuotes?: number
}

/** Inputs of {@link executeSolanaOrder}. */
export type ExecuteSolanaOrderParams = {
  connection: Connection
  api: Pick<ApiClient, 'createOrderTx'>
  /** The create-tx request; `senderAddress` is set to the intent's sender. */
  request: Omit<BuildableCreateTxParams, 'senderAddress'>
  /** What ferry asked for: every field of the service's transaction is held against it. */
  intent: OrderIntent
  /** Trusted prices of the give token and SOL, for the value-conservation rule (P-8.6). */
  prices: TrustedPriceSource
  /** The route's all-in cost cap in bps: the order must give >= what leaves × (1 - it). */
  maxCostBps: number
  /** The 64-byte Solana secret key of `intent.sender`. Only used to sign; never logged. */
  secretKey: Uint8Array
  journal: SolanaSendJournal
  config?: SolanaExecutorConfig
  /** Reads one lookup table; default: all of a transaction's tables through `readLookupTables`. */
  resolveLookupTable?: SolanaLookupTableResolver
  /**
   * Reads a transaction's tables in one round trip; in a run, through the chain's RPC quorum
   * (readSolanaLookupTablesQuorum). Default: one getMultipleAccounts on `connection`.
   */
  readLookupTables?: (keys: string[]) => Promise<Map<string, PublicKey[]>>
  clock?: Clock
  logger?: Logger
  signal?: AbortSignal
}

/** A Solana order whose deposit landed at the configured commitment. */
export type SolanaOrderExecution = {
  orderId: Hex
  signature: string
  slot: number
  commitment: 'confirmed' | 'finalized'
  /** Every signature signed for the intent, the landed one last. */
  signatures: string[]
  quote: OrderTxResponse
  verified: VerifiedSolanaOrder
}

type Prepared = {
  quote: OrderTxResponse
  txData: Hex
  receivedAtMs: number
  lookups: Map<string, PublicKey[]>
}

/**
 * Creates a cross-chain order from Solana: create-tx with our key as
 * sender → verify every field and instruction against the intent (P-1.7) → a fresh blockhash in
 * place of the quote's placeholder → verify the final message again (P-2.17) → freshness check
 * (P-2.12) → simulate those exact unsigned bytes and hold our accounts' deltas to the intended
 * give plus fees and rent, and the value to the route's cost cap (docs/safety.md P-8.9, P-8.6) →
 * sign → journal → send with skipPreflight and rebroadcast the same bytes until the commitment
 * or the blockhash's expiry (P-2.16). Only after an expiry, with the old signature never landed,
 * does it sign again (same order while the quote is fresh, else a re-quote). Per signature:
 * getLatestBlockhash, getMultipleAccounts and simulateTransaction before signing.
 * @throws VerificationError when the service's transaction is not the intent, or
 *   SolanaValueFlowError (one of them) when its simulated effect is not; nothing is signed.
 * @throws SolanaSendError for a stale quote, a key mismatch, a failed simulation or landing, or
 *   when every signature expired.
 */
export async function executeSolanaOrder(
  params: ExecuteSolanaOrderParams,
): Promise<SolanaOrderExecution> {
  const { connection, intent, journal, signal } = params
  const config = params.config ?? {}
  const clock = params.clock ?? systemClock
  const logger = params.logger ?? silentLogger
  const maxAgeMs = config.maxQuoteAgeMs ?? 30_000
  const commitment = config.commitment ?? 'confirmed'
  const keypair = toKeypair(params.secretKey, intent.sender)
  // Without a resolver, all tables of a transaction are read in one round trip (docs/dln.md §4.10).
  let batch: Promise<Map<string, PublicKey[]>> | undefined
  const resolve: SolanaLookupTableResolver =
    params.resolveLookupTable ??
    (async (key) => {
      const tx = VersionedTransaction.deserialize(hexToBytes(current!))
      const keys = tx.message.addressTableLookups.map((l) => l.accountKey.toBase58())
      batch ??= params.readLookupTables
        ? params.readLookupTables(keys)
        : readSolanaLookupTables(connection, keys)
      return (await batch).get(key.toBase58())
    })
  let current: Hex | undefined
  const verify = (txData: Hex, p: Prepared): VerifiedSolanaOrder =>
    verifySolanaOrderTx({
      ...config,
      txData,
      intent,
      announcedOrderId: p.quote.orderId,
      lookupTables: p.lookups,
      estimatedTakeAmount: BigInt(p.quote.estimation.dstChainTokenOut.amount),
    })

  let quotes = 0
  const requote = async (): Promise<Prepared> => {
    if (quotes >= (config.maxQuotes ?? 3)) {
      throw new SolanaSendError('staleQuote', `no fresh quote after ${quotes} create-tx calls`, {
        signatures,
      })
    }
    quotes++
    const { quote } = await params.api.createOrderTx(
      { ...params.request, senderAddress: intent.sender } as BuildableCreateTxParams,
      { signal, logger },
    )
    // The quote's age counts from its arrival: lookups and checks take time too.
    const receivedAtMs = clock.nowMs()
    const txData = quote.tx.data as Hex
    current = txData
    batch = undefined
    const lookups = await loadSolanaLookupTables(txData, resolve)
    const p: Prepared = { quote, txData, receivedAtMs, lookups }
    verify(txData, p)
    return p
  }

  const signatures: string[] = []
  let prepared: Prepared | undefined
  for (let attempt = 0; attempt < (config.maxSignatures ?? 3); ) {
    prepared ??= await requote()
    const latest = await connection.getLatestBlockhash('confirmed')
    const tx = withBlockhash(prepared.txData, latest.blockhash)
    // The cap and every field are checked again on the very message that gets signed (P-2.17).
    const verified = verify(bytesToHex(tx.serialize()), prepared)
    if (clock.nowMs() - prepared.receivedAtMs > maxAgeMs) {
      logger.info({ orderId: prepared.quote.orderId, maxAgeMs }, 'solana quote stale: re-quoting')
      prepared = undefined
      continue
    }
    // The simulation replaces the check of the signed bytes: the same message, judged unsigned.
    await simulateSolanaValueFlow({
      connection,
      tx,
      lookupTables: prepared.lookups,
      intent,
      verified,
      prices: params.prices,
      maxCostBps: params.maxCostBps,
    }).catch((error: unknown) => {
      if (!(error instanceof SolanaSendError)) throw error
      // Earlier signatures of the intent (expired ones) still matter to the reconciler.
      throw new SolanaSendError(error.state, 'the order transaction fails in simulation', {
        signatures,
        details: error.details,
      })
    })
    tx.sign([keypair])
    const rawTx = tx.serialize()
    const signature = encodeBase58(tx.signatures[0]!)
    const record: SolanaSendRecord = {
      signature,
      rawTx: Buffer.from(rawTx).toString('base64'),
      blockhash: latest.blockhash,
      lastValidBlockHeight: latest.lastValidBlockHeight,
      orderId: verified.orderId,
      attempt,
      signaturesOfIntent: [...signatures, signature],
    }
    signatures.push(record.signature)
    await journal.beforeBroadcast(record)
    logger.info(
      {
        orderId: record.orderId,
        signature: record.signature,
        attempt,
        lastValidBlockHeight: record.lastValidBlockHeight,
      },
      'solana order sending',
    )
    const result = await broadcastSolanaTx({
      connection,
      rawTx,
      signature: record.signature,
      lastValidBlockHeight: record.lastValidBlockHeight,
      commitment,
      pollIntervalMs: config.pollIntervalMs ?? 500,
      rebroadcastIntervalMs: config.rebroadcastIntervalMs ?? 2_000,
      clock,
      logger,
      signal,
    }).catch((error: unknown) => {
      // The error of one broadcast knows one signature; the intent's caller needs them all.
      if (!(error instanceof SolanaSendError)) throw error
      throw new SolanaSendError(error.state, 'the order transaction landed with an error', {
        signatures,
        details: error.details,
      })
    })
    if (result.outcome === 'confirmed') {
      await journal.onConfirmed?.(record, { slot: result.slot })
      logger.info(
        { orderId: record.orderId, signature: record.signature, slot: result.slot },
        'solana order landed',
      )
      return {
        orderId: verified.orderId,
        signature: record.signature,
        slot: result.slot,
        commitment,
        signatures,
        quote: prepared.quote,
        verified,
      }
    }
    await journal.onExpired?.(record, result.blockHeight)
    logger.warn(
      { orderId: record.orderId, signature: record.signature, blockHeight: result.blockHeight },
      'solana blockhash expired unlanded: signing again',
    )
    attempt++
  }
  throw new SolanaSendError('expired', 'every signature expired without landing', { signatures })
}

function toKeypair(secretKey: Uint8Array, sender: string): Keypair {
  let keypair: Keypair
  try {
    keypair = Keypair.fromSecretKey(secretKey)
  } catch {
    // The library's message is dropped on purpose: nothing about the secret may leave (P-5.3).
    throw new SolanaSendError('keyMismatch', 'the Solana secret key is malformed')
  }
  if (keypair.publicKey.toBase58() !== sender) {
    throw new SolanaSendError('keyMismatch', 'the Solana secret key is not the intent’s sender', {
      details: `derived ${keypair.publicKey.toBase58()}, expected ${sender}`,
    })
  }
  return keypair
}

/**
 * The quote's transaction with a fresh blockhash. Allowed only on an unsigned transaction: a
 * signature by anyone else would be voided by the change (and we must be the only signer).
 */
function withBlockhash(txData: Hex, blockhash: string): VersionedTransaction {
  const tx = VersionedTransaction.deserialize(hexToBytes(txData))
  if (tx.signatures.some((s) => s.some((b) => b !== 0))) {
    throw new VerificationError(
      'tx.signatures',
      'unsigned',
      'pre-signed',
      'cannot take a new blockhash',
    )
  }
  tx.message.recentBlockhash = blockhash
  return tx
}
