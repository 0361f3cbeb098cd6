import type { AccountInfoBytes } from 'litesvm'

/** An account as Solana's JSON-RPC returns it with `encoding: 'base64'`. */
export type RpcAccount = {
  data: [string, 'base64']
  executable: boolean
  lamports: number
  owner: string
  rentEpoch: number
  space: number
}

/**
 * Encodes an account the way a Solana node does for `base64`; null for a missing account and for
 * one left with no lamports (a closed account no longer exists once the transaction ends).
 */
export function encodeRpcAccount(account: AccountInfoBytes | null | undefined): RpcAccount | null {
  if (!account || account.lamports === 0) return null
  return {
    data: [Buffer.from(account.data).toString('base64'), 'base64'],
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner.toBase58(),
    rentEpoch: 0,
    space: account.data.length,
  }
}
