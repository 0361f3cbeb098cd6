import { PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { FerryError } from '../common/FerryError.ts'

/** JSON-RPC "method not found". */
const METHOD_NOT_FOUND = -32601

/** Options of {@link probeSolanaSimulation}. */
export type ProbeSolanaSimulationParams = {
  /** The RPC's HTTP URL (it may hold an API key: it never appears in an error). */
  rpcUrl: string
  /** The simulated transfer's payer and recipient, base58; it need not exist or sign. */
  payer: string
  /** Timeout of the probe, ms. Default 10 000. */
  timeoutMs?: number
}

/**
 * Asks a Solana RPC whether it serves `simulateTransaction` (safety P-8.10): one simulation of an
 * unsigned 0-lamport transfer from `payer` to itself, with `sigVerify: false` and
 * `replaceRecentBlockhash: true`, so no key and no fresh blockhash are needed. Any result counts,
 * even a failed simulation (a payer with no lamports): the RPC simulated. False on "method not
 * found". Anything else (network, HTTP error, another JSON-RPC error such as a rate limit)
 * rejects with a FerryError without the URL, since it says nothing certain about support. A raw
 * JSON-RPC call, since web3.js drops the error code of a failed simulateTransaction.
 */
export async function probeSolanaSimulation(params: ProbeSolanaSimulationParams): Promise<boolean> {
  const payer = new PublicKey(params.payer)
  const message = new TransactionMessage({
    payerKey: payer,
    // Replaced by the node (replaceRecentBlockhash); any well-formed hash will do.
    recentBlockhash: SystemProgram.programId.toBase58(),
    instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: payer, lamports: 0 })],
  }).compileToV0Message()
  const encoded = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64')
  const response = await fetch(params.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'simulateTransaction',
      params: [encoded, { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true }],
    }),
    signal: AbortSignal.timeout(params.timeoutMs ?? 10_000),
  })
  const body = (await response.json().catch(() => undefined)) as
    | { result?: unknown; error?: { code?: number; message?: string } }
    | undefined
  if (body?.error?.code === METHOD_NOT_FOUND) return false
  if (response.ok && body?.result !== undefined) return true
  throw new FerryError('the Solana simulation probe got no answer', {
    metaMessages: [
      `http status: ${response.status}`,
      ...(body?.error ? [`json-rpc error: ${body.error.code} ${body.error.message ?? ''}`] : []),
    ],
  })
}
