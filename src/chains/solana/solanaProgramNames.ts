import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import { ComputeBudgetProgram, SystemProgram } from '@solana/web3.js'
import { SOLANA_PROGRAMS } from '../chainRegistry.ts'

/** Jupiter's aggregator v6, the pre-swap of a Solana-source order (docs/dln.md §4.10). */
export const JUPITER_V6_PROGRAM = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'

/** Programs a real Solana order or cancel transaction uses, by id → short name. */
export const SOLANA_PROGRAM_NAMES: Readonly<Record<string, string>> = {
  [ComputeBudgetProgram.programId.toBase58()]: 'ComputeBudget',
  [SystemProgram.programId.toBase58()]: 'System',
  [TOKEN_PROGRAM_ID.toBase58()]: 'SPL Token',
  [ASSOCIATED_TOKEN_PROGRAM_ID.toBase58()]: 'Associated Token Account',
  [SOLANA_PROGRAMS.dlnSource]: 'dln_src',
  [SOLANA_PROGRAMS.dlnDestination]: 'dln_dst',
  [JUPITER_V6_PROGRAM]: 'Jupiter v6',
}
