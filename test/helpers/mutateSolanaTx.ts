import {
  type AddressLookupTableAccount,
  PublicKey,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { SOLANA_CHAIN_ID } from '../../src/api/schemas/chainId.ts'
import { SOLANA_PROGRAMS } from '../../src/chains/chainRegistry.ts'
import { createMarket } from '../../src/sim/market/createMarket.ts'
import {
  SOLANA_ORDER_LOOKUP_TABLE,
  solanaOrderLookupTable,
} from '../../src/sim/quote/solanaOrderLookupTable.ts'

/** The simulator's lookup table (docs/dln.md §4.12), as its create-txs use it. */
export function simLookupTable(): AddressLookupTableAccount {
  const tokens = createMarket({ seed: 1 })
    .tokensOf(SOLANA_CHAIN_ID)
    .map((t) => t.address)
  return solanaOrderLookupTable(SOLANA_PROGRAMS.dlnSource, tokens)
}

/** The simulator's lookup table as key → addresses, as ferry's verifier takes tables. */
export function simLookupTableMap(): Map<string, PublicKey[]> {
  const table = simLookupTable()
  return new Map([[table.key.toBase58(), table.state.addresses]])
}

/**
 * Rebuilds an unsigned transaction with web3.js after changing its instructions, as a malicious
 * service would: same blockhash, payer unless given, through the same lookup tables (the
 * simulator's when the message uses it, or `lookupTables`).
 */
export function mutateSolanaTx(
  txData: Hex,
  mutate: (instructions: TransactionInstruction[]) => TransactionInstruction[],
  options: { payer?: PublicKey; lookupTables?: AddressLookupTableAccount[] } = {},
): Hex {
  const tx = VersionedTransaction.deserialize(hexToBytes(txData))
  const usesSim = tx.message.addressTableLookups.some((l) =>
    l.accountKey.equals(SOLANA_ORDER_LOOKUP_TABLE),
  )
  const tables = options.lookupTables ?? (usesSim ? [simLookupTable()] : undefined)
  const message = tables
    ? TransactionMessage.decompile(tx.message, { addressLookupTableAccounts: tables })
    : TransactionMessage.decompile(tx.message)
  const rebuilt = new TransactionMessage({
    payerKey: options.payer ?? message.payerKey,
    recentBlockhash: message.recentBlockhash,
    instructions: mutate(message.instructions),
  }).compileToV0Message(tables)
  return bytesToHex(new VersionedTransaction(rebuilt).serialize())
}

/** A fresh random key, for programs and accounts the service should never bring in. */
export function randomSolanaKey(): PublicKey {
  return new PublicKey(crypto.getRandomValues(new Uint8Array(32)))
}
