import type { AccountInfoBytes } from 'litesvm'

/** An account as a stand-in program sees and writes it (litesvm's own account type). */
export type StandInAccount = AccountInfoBytes

/** One instruction of a transaction, its lookup-table accounts already resolved. */
export type StandInInstruction = {
  /** Base58 program id. */
  programId: string
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[]
  data: Uint8Array
}

/** What a stand-in handler may do: read and stage accounts, and log. */
export type StandInContext = {
  /** The account as it is at this point of the transaction; undefined when it does not exist. */
  get(key: string): StandInAccount | undefined
  /** Stages an account; kept only if the whole transaction succeeds. 0 lamports closes it. */
  set(key: string, account: StandInAccount): void
  /** Becomes a `Program log: <line>` line of the transaction's logs. */
  log(line: string): void
  slot: number
  /**
   * The transaction's top-level instruction after this one, as a program reads it through the
   * instructions sysvar; undefined for the last.
   */
  next?: { programId: string; data: Uint8Array }
}

/**
 * A program the devnet cannot run as bytecode (deBridge's binaries are not available here), applied
 * by a TypeScript handler to the accounts its instruction names (docs/dln.md §4.12).
 */
export type StandInProgram = {
  /** Base58 program id, the real program's. */
  programId: string
  /** For logs and errors. */
  name: string
  /** Applies one instruction; throws {@link StandInError} to fail the whole transaction. */
  apply(ctx: StandInContext, ix: StandInInstruction): void
}

/**
 * A stand-in instruction's failure; the message reads like the real program's error, e.g.
 * `AnchorError caused by account: maker. Error Code: AccountNotSigner. Error Number: 3010.`
 */
export class StandInError extends Error {
  override name = 'StandInError'
}
