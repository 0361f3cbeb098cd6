import { PublicKey, type VersionedTransaction } from '@solana/web3.js'
import type { SolanaDevnet } from './createSolanaDevnet.ts'
import { encodeRpcAccount, type RpcAccount } from './encodeRpcAccount.ts'
import { RpcError } from './RpcError.ts'

/** The config of `simulateTransaction` a Solana node accepts (the subset the devnet honours). */
export type SimulateTransactionConfig = {
  encoding?: string
  sigVerify?: boolean
  replaceRecentBlockhash?: boolean
  accounts?: { encoding?: string; addresses?: string[] }
}

/**
 * `simulateTransaction` as a Solana node answers it: `sigVerify` and `replaceRecentBlockhash`
 * exclusive; with `accounts`, each requested address's state after the transaction (an account
 * the transaction did not touch is read as it is now), base64 only, at most as many addresses
 * as the transaction has keys, every entry null when the transaction fails.
 */
export function simulateTransactionMethod(
  devnet: SolanaDevnet,
  tx: VersionedTransaction,
  config: SimulateTransactionConfig = {},
): object {
  if (config.sigVerify && config.replaceRecentBlockhash) {
    throw new RpcError(-32602, 'sigVerify may not be used with replaceRecentBlockhash')
  }
  const addresses = config.accounts?.addresses
  if (addresses) {
    const encoding = config.accounts?.encoding ?? 'base64'
    if (encoding !== 'base64') {
      throw new RpcError(-32602, `Invalid params: ${encoding} encoding is not supported here`)
    }
    const keys = tx.message.staticAccountKeys.length + lookedUpCount(tx)
    if (addresses.length > keys) {
      throw new RpcError(-32602, `Too many accounts provided; max ${keys}`)
    }
  }
  const sim = devnet.simulate(tx, {
    sigVerify: config.sigVerify ?? false,
    replaceRecentBlockhash: config.replaceRecentBlockhash ?? false,
  })
  let accounts: (RpcAccount | null)[] | null = null
  if (addresses) {
    accounts = addresses.map((address) => {
      if (sim.err) return null
      const key = toKey(address)
      return encodeRpcAccount(sim.postAccounts.get(address) ?? devnet.svm.getAccount(key))
    })
  }
  return {
    context: { slot: devnet.slot() },
    value: {
      err: sim.err ?? null,
      logs: sim.logs,
      accounts,
      unitsConsumed: sim.unitsConsumed,
      returnData: null,
      ...(sim.replacementBlockhash ? { replacementBlockhash: sim.replacementBlockhash } : {}),
    },
  }
}

function lookedUpCount(tx: VersionedTransaction): number {
  return tx.message.addressTableLookups.reduce(
    (n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length,
    0,
  )
}

function toKey(address: string): PublicKey {
  try {
    return new PublicKey(address)
  } catch {
    throw new RpcError(-32602, `Invalid param: ${address} is not a public key`)
  }
}
