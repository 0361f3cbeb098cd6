import type { Connection, PublicKey, VersionedTransaction } from '@solana/web3.js'
import { SolanaSendError } from '../chains/solana/SolanaSendError.ts'
import type { SolanaAccountChange, SolanaAccountState } from './solanaValueFlow.ts'

/**
 * One read of `keys` and one unsigned simulation of `tx` after it (post-state of the same keys,
 * at a slot no older than the read): each key's before and after, `moved` when the two slots
 * differ (a refusal may then be the chain moving, worth one more run).
 * @throws SolanaSendError `simulationFailed` when the simulation errs or returns no accounts.
 */
export async function readAndSimulateSolana(
  connection: Connection,
  tx: VersionedTransaction,
  keys: PublicKey[],
): Promise<{ changes: SolanaAccountChange[]; moved: boolean }> {
  const addresses = keys.map((k) => k.toBase58())
  const before = await connection.getMultipleAccountsInfoAndContext(keys, 'confirmed')
  const simulation = await connection.simulateTransaction(tx, {
    sigVerify: false,
    commitment: 'confirmed',
    minContextSlot: before.context.slot,
    accounts: { encoding: 'base64', addresses },
  })
  if (simulation.value.err) {
    throw new SolanaSendError('simulationFailed', 'the transaction fails in simulation', {
      details: JSON.stringify(simulation.value.err),
    })
  }
  const after = simulation.value.accounts
  if (!after || after.length !== addresses.length) {
    throw new SolanaSendError('simulationFailed', 'the RPC returned no simulated accounts', {
      details: `asked for ${addresses.length}, got ${after?.length ?? 'none'}`,
    })
  }
  const changes = addresses.map((address, i) => {
    const was = before.value[i]
    const now = after[i]
    return {
      address,
      before: was
        ? { lamports: BigInt(was.lamports), owner: was.owner.toBase58(), data: was.data }
        : null,
      after: now ? fromSimulated(now) : null,
    }
  })
  return { changes, moved: simulation.context.slot !== before.context.slot }
}

function fromSimulated(a: { lamports: number; owner: string; data: string[] }): SolanaAccountState {
  // A node may list a closed account with no lamports: it no longer exists.
  if (a.lamports === 0) return null
  return {
    lamports: BigInt(a.lamports),
    owner: a.owner,
    data: Buffer.from(a.data[0] ?? '', 'base64'),
  }
}
