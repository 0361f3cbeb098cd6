import type { Connection, VersionedTransaction } from '@solana/web3.js'
import { PublicKey } from '@solana/web3.js'
import type { SolanaAccountState } from '../verify/judgeSolanaValueFlow.ts'
import { SolanaSendError } from './SolanaSendError.ts'

/** ferry's accounts before and after the simulated transaction. */
export type SolanaSimulatedFlow = {
  pre: { wallet: SolanaAccountState; tokenAccount?: SolanaAccountState }
  post: { wallet: SolanaAccountState; tokenAccount?: SolanaAccountState }
  unitsConsumed: number | undefined
}

/**
 * Simulates the exact, still unsigned transaction (`sigVerify: false`) on current state and
 * returns ferry's wallet and token account before (one getMultipleAccounts call) and after (the
 * `accounts` option of simulateTransaction): two RPC calls (docs/safety.md P-8.9). A failing
 * simulation throws a {@link SolanaSendError} `simulationFailed` with the program's error.
 */
export async function simulateSolanaValueFlow(
  connection: Connection,
  params: { tx: VersionedTransaction; wallet: string; tokenAccount: string | undefined },
): Promise<SolanaSimulatedFlow> {
  const addresses = [params.wallet, ...(params.tokenAccount ? [params.tokenAccount] : [])]
  const before = await connection.getMultipleAccountsInfo(addresses.map((a) => new PublicKey(a)))
  const simulation = await connection.simulateTransaction(params.tx, {
    sigVerify: false,
    accounts: { encoding: 'base64', addresses },
  })
  if (simulation.value.err) {
    throw new SolanaSendError('simulationFailed', 'the order transaction fails in simulation', {
      signatures: [],
      details: JSON.stringify(simulation.value.err),
    })
  }
  const after = simulation.value.accounts ?? []
  const pre = before.map(
    (a): SolanaAccountState =>
      a ? { lamports: BigInt(a.lamports), owner: a.owner.toBase58(), data: a.data } : null,
  )
  const post = addresses.map((_, i): SolanaAccountState => {
    const a = after[i]
    if (!a) return null
    return {
      lamports: BigInt(a.lamports),
      owner: a.owner,
      data: Buffer.from(a.data[0] ?? '', 'base64'),
    }
  })
  return {
    pre: {
      wallet: pre[0] ?? null,
      ...(params.tokenAccount ? { tokenAccount: pre[1] ?? null } : {}),
    },
    post: {
      wallet: post[0] ?? null,
      ...(params.tokenAccount ? { tokenAccount: post[1] ?? null } : {}),
    },
    unitsConsumed: simulation.value.unitsConsumed,
  }
}
