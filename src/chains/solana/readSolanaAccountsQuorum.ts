import type { Connection } from '@solana/web3.js'
import { SOLANA_CHAIN_ID } from '../../api/schemas/chainId.ts'
import { judgeQuorum, type QuorumAnswer } from '../evm/judgeQuorum.ts'
import { RpcQuorumError } from '../evm/RpcQuorumError.ts'
import { readSolanaAccounts, type SolanaAccountBytes } from './readSolanaAccounts.ts'

/** One Solana read RPC: its host (named in errors, never the URL) and connection. */
export type SolanaReadRpc = {
  host: string
  connection: Pick<Connection, 'getMultipleAccountsInfo'>
}

/**
 * Reads accounts through every read RPC of the chain at once (one round trip, in parallel) and
 * accepts the answer only when `quorum` of them (default: a majority) give the same owners and
 * bytes, as EVM money-deciding reads do (docs/safety.md P-2.12, judgeQuorum): any two that differ
 * are a disagreement, never settled by picking one. With one RPC it is that RPC's answer.
 * `what` names the read in errors.
 * @throws RpcQuorumError `disagreement` or `unavailable`, naming hosts only.
 */
export async function readSolanaAccountsQuorum(
  rpcs: readonly SolanaReadRpc[],
  keys: readonly string[],
  what: string,
  quorum?: number,
): Promise<Map<string, SolanaAccountBytes>> {
  if (rpcs.length === 1 || keys.length === 0) return readSolanaAccounts(rpcs[0]!.connection, keys)
  const answers: QuorumAnswer[] = await Promise.all(
    rpcs.map(async ({ host, connection }): Promise<QuorumAnswer> => {
      try {
        const accounts = await readSolanaAccounts(connection, keys)
        const canonical = [...accounts.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => [k, v.owner, Buffer.from(v.data).toString('base64')])
        return { host, ok: true, json: JSON.stringify(canonical) }
      } catch (error) {
        return { host, ok: false, error: (error as Error).message }
      }
    }),
  )
  const verdict = judgeQuorum(answers, quorum ?? Math.floor(rpcs.length / 2) + 1)
  if (verdict.kind !== 'agreed') {
    throw new RpcQuorumError(
      verdict.kind,
      `getMultipleAccounts (${what})`,
      SOLANA_CHAIN_ID,
      verdict.detail,
    )
  }
  const entries = JSON.parse(verdict.json) as [string, string, string][]
  return new Map(
    entries.map(([k, owner, data]) => [k, { owner, data: Buffer.from(data, 'base64') }]),
  )
}
