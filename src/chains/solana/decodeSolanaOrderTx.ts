import { decodeTransferCheckedInstruction, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import {
  ComputeBudgetProgram,
  type MessageCompiledInstruction,
  type PublicKey,
  SystemInstruction,
  SystemProgram,
  TransactionInstruction,
  VersionedTransaction,
} from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'

/**
 * SPL Memo v1, which the devnet's cancel memo uses. Not v2: the devnet's litesvm aborts when it runs
 * its bundled BPFLoader2 programs (Memo v2, ATA) many times, and v1 runs under BPFLoader1.
 */
export const MEMO_PROGRAM = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'
/** SPL Memo v2; decoded too, so a memo from either version is read. */
export const MEMO_V2_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
/** SPL Token instruction tag of TransferChecked. */
const TRANSFER_CHECKED = 12

/** One instruction of a decoded Solana transaction, with its accounts resolved to keys. */
export type DecodedSolanaInstruction = {
  programId: string
  accounts: string[]
  data: Uint8Array
}

/** What a memo-model transaction does, read from its bytes (the devnet's cancel decoder uses it). */
export type DecodedSolanaOrderTx = {
  tx: VersionedTransaction
  feePayer: string
  instructions: DecodedSolanaInstruction[]
  /** The give amount's movement: SPL TransferChecked or a System transfer of native SOL. */
  give:
    | {
        kind: 'spl'
        source: string
        mint: string
        destination: string
        owner: string
        amount: bigint
        decimals: number
      }
    | { kind: 'native'; from: string; to: string; lamports: bigint }
    | undefined
  /** System transfers of lamports other than the give (the fixed fee). */
  lamportTransfers: { from: string; to: string; lamports: bigint }[]
  computeUnitLimit: number | undefined
  computeUnitPriceMicroLamports: bigint | undefined
}

/**
 * Decodes a memo-model transaction (the devnet's cancel layout, see buildSolanaCancelTx): compute
 * budget, token and lamport transfers; memos stay in `instructions`. Accounts of address lookup
 * tables are resolved through `lookupTables` (key → addresses) when the message uses any.
 * Unknown instructions are returned undecoded for the verifier to refuse.
 */
export function decodeSolanaOrderTx(
  txHex: Hex,
  lookupTables: ReadonlyMap<string, PublicKey[]> = new Map(),
): DecodedSolanaOrderTx {
  const tx = VersionedTransaction.deserialize(hexToBytes(txHex))
  const message = tx.message
  const keys = message.getAccountKeys({
    addressLookupTableAccounts: message.addressTableLookups.map((l) => {
      const addresses = lookupTables.get(l.accountKey.toBase58())
      if (!addresses)
        throw new TypeError(`address lookup table ${l.accountKey.toBase58()} was not resolved`)
      return {
        key: l.accountKey,
        state: {
          addresses,
          deactivationSlot: 2n ** 64n - 1n,
          lastExtendedSlot: 0,
          lastExtendedSlotStartIndex: 0,
        },
        isActive: () => true,
      }
    }) as never,
  })
  const key = (i: number): PublicKey => {
    const k = keys.get(i)
    if (!k) throw new TypeError(`account index ${i} is out of range`)
    return k
  }
  const instructions = message.compiledInstructions.map((ix: MessageCompiledInstruction) => ({
    programId: key(ix.programIdIndex).toBase58(),
    accounts: ix.accountKeyIndexes.map((i) => key(i).toBase58()),
    data: ix.data,
    keys: ix.accountKeyIndexes.map((i) => ({
      pubkey: key(i),
      isSigner: message.isAccountSigner(i),
      isWritable: message.isAccountWritable(i),
    })),
    program: key(ix.programIdIndex),
  }))
  const decoded: DecodedSolanaOrderTx = {
    tx,
    feePayer: key(0).toBase58(),
    instructions: instructions.map(({ programId, accounts, data }) => ({
      programId,
      accounts,
      data,
    })),
    give: undefined,
    lamportTransfers: [],
    computeUnitLimit: undefined,
    computeUnitPriceMicroLamports: undefined,
  }
  for (const ix of instructions) {
    const web3Ix = new TransactionInstruction({
      programId: ix.program,
      keys: ix.keys,
      data: Buffer.from(ix.data),
    })
    if (ix.programId === ComputeBudgetProgram.programId.toBase58()) {
      // Layout (docs/dln.md §1.4): u8 tag, then u32 LE units (tag 2) or u64 LE micro-lamports (tag 3).
      const view = Buffer.from(ix.data)
      if (view[0] === 2) decoded.computeUnitLimit = view.readUInt32LE(1)
      if (view[0] === 3) decoded.computeUnitPriceMicroLamports = view.readBigUInt64LE(1)
    } else if (ix.programId === SystemProgram.programId.toBase58()) {
      if (SystemInstruction.decodeInstructionType(web3Ix) === 'Transfer') {
        const t = SystemInstruction.decodeTransfer(web3Ix)
        const transfer = {
          from: t.fromPubkey.toBase58(),
          to: t.toPubkey.toBase58(),
          lamports: t.lamports,
        }
        decoded.lamportTransfers.push(transfer)
      }
    } else if (ix.programId === TOKEN_PROGRAM_ID.toBase58() && ix.data[0] === TRANSFER_CHECKED) {
      // Other token instructions (approve, setAuthority, closeAccount…) stay undecoded: the
      // verifier refuses them by their tag.
      const t = decodeTransferCheckedInstruction(web3Ix)
      decoded.give = {
        kind: 'spl',
        source: t.keys.source.pubkey.toBase58(),
        mint: t.keys.mint.pubkey.toBase58(),
        destination: t.keys.destination.pubkey.toBase58(),
        owner: t.keys.owner.pubkey.toBase58(),
        amount: t.data.amount,
        decimals: t.data.decimals,
      }
    }
  }
  return decoded
}
