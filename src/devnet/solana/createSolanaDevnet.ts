import { EventEmitter } from 'node:events'
import {
  ACCOUNT_SIZE,
  AccountLayout,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  MintLayout,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { PublicKey, VersionedTransaction } from '@solana/web3.js'
import { type AccountInfoBytes, FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { encodeBase58 } from '../../chains/base58.ts'
import { describeError } from './describeError.ts'
import { createWalkedMarket } from './standIn/createWalkedMarket.ts'
import { installStandIns } from './standIn/installStandIns.ts'
import { runStandInTx, type StandInTxResult } from './standIn/runStandInTx.ts'
import type { StandInProgram } from './standIn/StandInProgram.ts'
import { standInPrograms } from './standIn/standInPrograms.ts'

/** How many slots a blockhash stays valid, as on Solana (151 minus the current). */
export const BLOCKHASH_VALID_SLOTS = 150
/** Slots between two blockhashes; Solana makes one per slot, the devnet every few to stay cheap. */
export const SLOTS_PER_BLOCKHASH = 4
/** Base fee per signature in lamports (Solana's 5000). */
export const LAMPORTS_PER_SIGNATURE = 5000n

/** Outcome of one transaction the devnet processed. */
export type SolanaTxRecord = {
  signature: string
  slot: number
  /** Undefined on success; the litesvm error text otherwise. */
  err: string | undefined
  logs: string[]
  tx: VersionedTransaction
}

/** The in-process Solana of the devnet: litesvm plus the bookkeeping an RPC node keeps. */
export type SolanaDevnet = {
  svm: LiteSVM
  events: EventEmitter<{ transaction: [SolanaTxRecord] }>
  slot(): number
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number }
  /** Moves the chain forward; a new blockhash every {@link SLOTS_PER_BLOCKHASH} slots. */
  advanceSlots(count: number): void
  /** Processes a signed transaction. Throws {@link SolanaSendError} when it cannot land at all. */
  send(tx: VersionedTransaction): SolanaTxRecord
  /**
   * Runs a transaction on current state without keeping its effects. `sigVerify` (default true)
   * checks its signatures; `replaceRecentBlockhash` runs it under the latest blockhash instead of
   * its own. `postAccounts` holds every account it loaded, as it would be after the transaction.
   */
  simulate(
    tx: VersionedTransaction,
    options?: { sigVerify?: boolean; replaceRecentBlockhash?: boolean },
  ): {
    err: string | undefined
    logs: string[]
    unitsConsumed: number
    postAccounts: Map<string, AccountInfoBytes>
    /** The blockhash it ran under, when replaced. */
    replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | undefined
  }
  /**
   * Walks the stand-in Jupiter's market as the simulator's: seed, start (epoch ms) and one step
   * per `intervalMs`.
   */
  syncMarket(seed: number, startMs: number, intervalMs: number): void
  status(signature: string): SolanaTxRecord | undefined
  /** Every processed transaction, in order. */
  records: SolanaTxRecord[]
  /** Creates (or overwrites) an SPL mint at a fixed address, e.g. USDC's real mint. */
  createMint(mint: PublicKey, decimals: number, authority: PublicKey): void
  /** Credits `amount` base units to `owner`'s associated token account, creating it. */
  mintTo(mint: PublicKey, owner: PublicKey, amount: bigint): PublicKey
  tokenBalance(mint: PublicKey, owner: PublicKey): bigint
}

// Owner of the stand-in programs' executable accounts: litesvm refuses a BPF-loader-owned one
// without a loadable program, and the native loader's accounts are never loaded as bytecode.
const NATIVE_LOADER = new PublicKey('NativeLoader1111111111111111111111111111111')

/** A transaction the devnet refuses before execution (bad blockhash, bad signature). */
export class SolanaSendError extends Error {
  override name = 'SolanaSendError'
}

/**
 * Starts an in-process Solana (litesvm 0.x: system, SPL token, ATA, memo and compute-budget
 * programs built in) plus the stand-in programs (docs/dln.md §4.12; default
 * {@link standInPrograms}): a transaction calling one runs through {@link runStandInTx}, any
 * other through litesvm alone. Slots only move when {@link SolanaDevnet.advanceSlots} is called
 * (a transaction also takes one slot), so expiry is deterministic in tests.
 */
export function createSolanaDevnet(options: { programs?: StandInProgram[] } = {}): SolanaDevnet {
  const svm = new LiteSVM()
  const programs = new Map<string, StandInProgram>()
  const walked = createWalkedMarket()
  for (const program of options.programs ?? standInPrograms(walked.marketNow)) {
    programs.set(program.programId, program)
    // Executable, so a runtime check that an account is a program passes for it.
    svm.setAccount(new PublicKey(program.programId), {
      lamports: Number(svm.minimumBalanceForRentExemption(36n)),
      data: new Uint8Array(36),
      owner: NATIVE_LOADER,
      executable: true,
    })
  }
  if (!options.programs) installStandIns(svm, walked.marketNow())
  const callsStandIn = (tx: VersionedTransaction): boolean =>
    tx.message.compiledInstructions.some((ix) => {
      const program = tx.message.staticAccountKeys[ix.programIdIndex]
      return program !== undefined && programs.has(program.toBase58())
    })
  const events = new EventEmitter<{ transaction: [SolanaTxRecord] }>()
  const history = new Map<string, SolanaTxRecord>()
  const records: SolanaTxRecord[] = []
  // blockhash -> last block height at which it is valid
  const blockhashes = new Map<string, number>()
  let slot = 0
  const currentBlockhash = (): string => svm.latestBlockhash()
  blockhashes.set(currentBlockhash(), slot + BLOCKHASH_VALID_SLOTS)

  const advanceSlots = (count: number): void => {
    for (let i = 0; i < count; i++) {
      slot++
      svm.warpToSlot(BigInt(slot))
      if (slot % SLOTS_PER_BLOCKHASH === 0) {
        svm.expireBlockhash()
        blockhashes.set(currentBlockhash(), slot + BLOCKHASH_VALID_SLOTS)
      }
    }
  }

  const checkBlockhash = (tx: VersionedTransaction): void => {
    const validUntil = blockhashes.get(tx.message.recentBlockhash)
    if (validUntil === undefined || validUntil < slot)
      throw new SolanaSendError('Blockhash not found')
  }

  const tokenAccount = (mint: PublicKey, owner: PublicKey): PublicKey =>
    getAssociatedTokenAddressSync(mint, owner, true)

  return {
    svm,
    events,
    slot: () => slot,
    latestBlockhash: () => {
      const blockhash = currentBlockhash()
      return { blockhash, lastValidBlockHeight: blockhashes.get(blockhash)! }
    },
    advanceSlots,
    send(tx) {
      const signature = encodeBase58(tx.signatures[0]!)
      const seen = history.get(signature)
      if (seen) return seen
      checkBlockhash(tx)
      let outcome: { err: string | undefined; logs: string[] }
      if (callsStandIn(tx)) {
        outcome = runStandInTx(svm, programs, tx, { sigVerify: true, keep: true, slot: slot + 1 })
      } else {
        const result = svm.sendTransaction(tx)
        const failed = result instanceof FailedTransactionMetadata
        const meta = failed ? result.meta() : result
        outcome = { err: failed ? describeError(result) : undefined, logs: meta.logs() }
      }
      const record: SolanaTxRecord = { signature, slot: slot + 1, ...outcome, tx }
      advanceSlots(1)
      history.set(signature, record)
      records.push(record)
      events.emit('transaction', record)
      return record
    },
    simulate(tx, options = {}) {
      let run = tx
      let replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | undefined
      if (options.replaceRecentBlockhash) {
        // A copy: the caller's transaction keeps its own blockhash, as over a real RPC.
        run = VersionedTransaction.deserialize(tx.serialize())
        const blockhash = currentBlockhash()
        run.message.recentBlockhash = blockhash
        replacementBlockhash = { blockhash, lastValidBlockHeight: blockhashes.get(blockhash)! }
      }
      const sigVerify = options.sigVerify ?? true
      if (callsStandIn(run)) {
        const sim: StandInTxResult = runStandInTx(svm, programs, run, {
          sigVerify,
          keep: false,
          slot,
        })
        return { ...sim, replacementBlockhash }
      }
      // litesvm's sigverify is a setting of the whole VM: off for this one run only.
      if (!sigVerify) svm.withSigverify(false)
      let result: ReturnType<LiteSVM['simulateTransaction']>
      try {
        result = svm.simulateTransaction(run)
      } finally {
        if (!sigVerify) svm.withSigverify(true)
      }
      if (result instanceof FailedTransactionMetadata) {
        return {
          err: describeError(result),
          logs: result.meta().logs(),
          unitsConsumed: Number(result.meta().computeUnitsConsumed()),
          postAccounts: new Map(),
          replacementBlockhash,
        }
      }
      const meta = result.meta()
      const postAccounts = new Map<string, AccountInfoBytes>()
      for (const [key, account] of result.postAccounts()) {
        postAccounts.set(key.toBase58(), {
          lamports: Number(account.lamports()),
          data: account.data(),
          owner: new PublicKey(account.owner()),
          executable: account.executable(),
          rentEpoch: Number(account.rentEpoch()),
        })
      }
      return {
        err: undefined,
        logs: meta.logs(),
        unitsConsumed: Number(meta.computeUnitsConsumed()),
        postAccounts,
        replacementBlockhash,
      }
    },
    syncMarket: walked.sync,
    status: (signature) => history.get(signature),
    records,
    createMint(mint, decimals, authority) {
      const data = Buffer.alloc(MINT_SIZE)
      MintLayout.encode(
        {
          mintAuthorityOption: 1,
          mintAuthority: authority,
          supply: 0n,
          decimals,
          isInitialized: true,
          freezeAuthorityOption: 0,
          freezeAuthority: PublicKey.default,
        },
        data,
      )
      svm.setAccount(mint, {
        lamports: Number(svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE))),
        data,
        owner: TOKEN_PROGRAM_ID,
        executable: false,
      })
    },
    mintTo(mint, owner, amount) {
      const address = tokenAccount(mint, owner)
      const existing = svm.getAccount(address)
      const balance = existing ? AccountLayout.decode(existing.data).amount : 0n
      const data = Buffer.alloc(ACCOUNT_SIZE)
      AccountLayout.encode(
        {
          mint,
          owner,
          amount: balance + amount,
          delegateOption: 0,
          delegate: PublicKey.default,
          state: 1,
          isNativeOption: 0,
          isNative: 0n,
          delegatedAmount: 0n,
          closeAuthorityOption: 0,
          closeAuthority: PublicKey.default,
        },
        data,
      )
      svm.setAccount(address, {
        lamports: Number(svm.minimumBalanceForRentExemption(BigInt(ACCOUNT_SIZE))),
        data,
        owner: TOKEN_PROGRAM_ID,
        executable: false,
      })
      const mintAccount = svm.getAccount(mint)
      if (mintAccount) {
        const decoded = MintLayout.decode(mintAccount.data)
        const mintData = Buffer.alloc(MINT_SIZE)
        MintLayout.encode({ ...decoded, supply: decoded.supply + amount }, mintData)
        svm.setAccount(mint, { ...mintAccount, data: mintData })
      }
      return address
    },
    tokenBalance(mint, owner) {
      const account = svm.getAccount(tokenAccount(mint, owner))
      return account ? AccountLayout.decode(account.data).amount : 0n
    },
  }
}
