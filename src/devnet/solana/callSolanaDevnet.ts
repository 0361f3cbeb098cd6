import { FerryError } from '../../common/FerryError.ts'

/** Calls one JSON-RPC method of the devnet's Solana endpoint (standard or `devnet_*`). */
export async function callSolanaDevnet<T>(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } }
  if (body.error)
    throw new FerryError(`Solana devnet ${method}: ${body.error.message}`, {
      metaMessages: [`code: ${body.error.code}`],
    })
  return body.result as T
}
