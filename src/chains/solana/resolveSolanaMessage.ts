import { type PublicKey, VersionedTransaction } from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'

/** One address lookup table the message uses, and whether ferry could read it. */
export type SolanaTableUse = {
  table: string
  writableIndexes: number[]
  readonlyIndexes: number[]
  /** How many addresses the table holds; undefined when it was not resolved. */
  size: number | undefined
}

/** An account key, or where it sits in a table ferry has not read (or that lacks the index). */
export type SolanaAccountRef = string | { table: string; index: number }

/** One instruction, its program always known (program ids are static keys). */
export type ResolvedSolanaInstruction = {
  programId: string
  accounts: SolanaAccountRef[]
  data: Uint8Array
}

/** A problem found while resolving: its subject (e.g. a table and index) and what is wrong. */
export type SolanaResolveProblem = { subject: string; detail: string }

/** What {@link resolveSolanaMessage} read from a transaction. */
export type ResolvedSolanaTx = {
  tx: VersionedTransaction
  feePayer: string
  tables: SolanaTableUse[]
  instructions: ResolvedSolanaInstruction[]
  /** Unresolved tables and indexes a table does not hold; empty when every key is known. */
  problems: SolanaResolveProblem[]
}

/**
 * Deserializes a transaction and resolves every account it names, through `lookupTables` (key →
 * addresses) for the keys it loads from address lookup tables (docs/dln.md §4.10). Decodes what
 * it can: an unresolved table or an index out of a table's range leaves a reference in place of
 * the key and a problem naming it. Pure.
 * @throws TypeError when the bytes are no transaction or a program id is not a static key.
 */
export function resolveSolanaMessage(
  txData: Hex,
  lookupTables: ReadonlyMap<string, readonly PublicKey[]> = new Map(),
): ResolvedSolanaTx {
  const tx = VersionedTransaction.deserialize(hexToBytes(txData))
  const message = tx.message
  const statics = message.staticAccountKeys.map((k) => k.toBase58())
  const problems: SolanaResolveProblem[] = []
  const tables: SolanaTableUse[] = message.addressTableLookups.map((l) => {
    const table = l.accountKey.toBase58()
    const addresses = lookupTables.get(table)
    if (!addresses) {
      problems.push({ subject: `lookup table ${table}`, detail: 'was not resolved' })
    }
    return {
      table,
      writableIndexes: [...l.writableIndexes],
      readonlyIndexes: [...l.readonlyIndexes],
      size: addresses?.length,
    }
  })
  // Message key order: static keys, then every table's writable, then every table's readonly.
  const loaded: SolanaAccountRef[] = []
  for (const kind of ['writableIndexes', 'readonlyIndexes'] as const) {
    for (const t of tables) {
      const addresses = lookupTables.get(t.table)
      for (const index of t[kind]) {
        const key = addresses?.[index]
        if (addresses && !key) {
          problems.push({
            subject: `lookup table ${t.table} index ${index}`,
            detail: `is out of range: the table holds ${addresses.length} addresses`,
          })
        }
        loaded.push(key ? key.toBase58() : { table: t.table, index })
      }
    }
  }
  const keys = [...statics, ...loaded]
  const instructions = message.compiledInstructions.map((ix, i) => {
    const programId = statics[ix.programIdIndex]
    if (!programId) {
      throw new TypeError(
        `instructions[${i}].programId: index ${ix.programIdIndex} is no static key`,
      )
    }
    return {
      programId,
      accounts: ix.accountKeyIndexes.map((k) => {
        const key = keys[k]
        if (key === undefined) {
          throw new TypeError(
            `instructions[${i}].accounts: index ${k} is out of the message's keys`,
          )
        }
        return key
      }),
      data: ix.data,
    }
  })
  return { tx, feePayer: statics[0] ?? '', tables, instructions, problems }
}

/** An account reference as text: the key, or `<table>[index]` when it is not resolved. */
export function accountRefText(ref: SolanaAccountRef): string {
  return typeof ref === 'string' ? ref : `${ref.table}[${ref.index}] (unresolved)`
}
