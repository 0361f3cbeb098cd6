import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  decodeTransferCheckedInstruction,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import {
  ComputeBudgetProgram,
  PublicKey,
  SystemInstruction,
  SystemProgram,
  TransactionInstruction,
} from '@solana/web3.js'
import {
  type DecodedSolanaInstruction,
  MEMO_PROGRAM,
  MEMO_V2_PROGRAM,
  ORDER_MEMO_PREFIX,
} from '../solana/decodeSolanaOrderTx.ts'

/** A System transfer found in the transaction, with its instruction index. */
export type SolanaLamportTransfer = { index: number; from: string; to: string; lamports: bigint }

/** An SPL TransferChecked found in the transaction, with its instruction index. */
export type SolanaTokenTransfer = {
  index: number
  source: string
  mint: string
  destination: string
  owner: string
  amount: bigint
  decimals: number
}

/** What {@link checkSolanaInstructions} found, for the amount and payload checks. */
export type SolanaInstructionScan = {
  lamportTransfers: SolanaLamportTransfer[]
  tokenTransfers: SolanaTokenTransfer[]
  /** Indices of instructions that carry an order memo. */
  orderMemos: number[]
  computeUnitLimit: number | undefined
  computeUnitPriceMicroLamports: bigint | undefined
}

/** One refused instruction: the field, what ferry allows and what it found. */
export type SolanaInstructionProblem = {
  field: string
  expected: string
  actual: string
  reason: string
}

const COMPUTE_BUDGET = ComputeBudgetProgram.programId.toBase58()
const SYSTEM = SystemProgram.programId.toBase58()
const TOKEN = TOKEN_PROGRAM_ID.toBase58()
const ATA = ASSOCIATED_TOKEN_PROGRAM_ID.toBase58()
const TRANSFER_CHECKED = 12
// ComputeBudget tags: 2 SetComputeUnitLimit (u32), 3 SetComputeUnitPrice (u64); 1 + payload bytes.
const COMPUTE_BUDGET_SIZES: Record<number, number> = { 2: 5, 3: 9 }

/**
 * The programs a Solana order transaction may invoke (safety P-1.7): the order program (owner of
 * the escrow), compute budget, SPL Token, associated token account, System and Memo (v1, which
 * the devnet's orders use, and v2).
 */
export function allowedSolanaPrograms(orderProgramId: string): string[] {
  return [orderProgramId, COMPUTE_BUDGET, TOKEN, ATA, SYSTEM, MEMO_PROGRAM, MEMO_V2_PROGRAM]
}

/**
 * Walks every instruction and refuses what an order transaction has no business doing
 * (safety P-1.7): a program outside {@link allowedSolanaPrograms}; a compute-budget instruction
 * other than one unit limit and one unit price; a System instruction other than a transfer from
 * our key; an SPL instruction other than TransferChecked (so no approve, setAuthority or
 * closeAccount on our accounts); an ATA instruction other than create(-idempotent) paid by us;
 * a memo other than the order memo. Pure; the caller turns problems into verdicts.
 */
export function checkSolanaInstructions(
  instructions: readonly DecodedSolanaInstruction[],
  params: { wallet: string; orderProgramId: string },
): { scan: SolanaInstructionScan; problems: SolanaInstructionProblem[] } {
  const allowed = allowedSolanaPrograms(params.orderProgramId)
  const scan: SolanaInstructionScan = {
    lamportTransfers: [],
    tokenTransfers: [],
    orderMemos: [],
    computeUnitLimit: undefined,
    computeUnitPriceMicroLamports: undefined,
  }
  const problems: SolanaInstructionProblem[] = []
  const refuse = (field: string, expected: string, actual: string, reason: string): void => {
    problems.push({ field, expected, actual, reason })
  }
  instructions.forEach((ix, index) => {
    const at = `instructions[${index}]`
    const data = Buffer.from(ix.data)
    if (!allowed.includes(ix.programId)) {
      refuse(`${at}.programId`, allowed.join(' | '), ix.programId, 'is not an allowed program')
      return
    }
    if (ix.programId === COMPUTE_BUDGET) {
      const tag = data[0] ?? -1
      if (COMPUTE_BUDGET_SIZES[tag] !== data.length) {
        refuse(at, 'SetComputeUnitLimit or SetComputeUnitPrice', `tag ${tag}`, 'is not allowed')
      } else if (tag === 2) {
        if (scan.computeUnitLimit !== undefined)
          refuse(at, 'one SetComputeUnitLimit', 'a second one', 'is duplicated')
        scan.computeUnitLimit = data.readUInt32LE(1)
      } else {
        if (scan.computeUnitPriceMicroLamports !== undefined)
          refuse(at, 'one SetComputeUnitPrice', 'a second one', 'is duplicated')
        scan.computeUnitPriceMicroLamports = data.readBigUInt64LE(1)
      }
    } else if (ix.programId === SYSTEM) {
      const web3Ix = toWeb3(ix)
      let type: string
      try {
        type = SystemInstruction.decodeInstructionType(web3Ix)
      } catch {
        type = `unknown tag ${data.readUInt32LE(0)}`
      }
      if (type !== 'Transfer') {
        refuse(at, 'System Transfer', `System ${type}`, 'is not allowed')
        return
      }
      const t = SystemInstruction.decodeTransfer(web3Ix)
      const from = t.fromPubkey.toBase58()
      if (from !== params.wallet) refuse(`${at}.from`, params.wallet, from, 'is not our wallet')
      scan.lamportTransfers.push({ index, from, to: t.toPubkey.toBase58(), lamports: t.lamports })
    } else if (ix.programId === TOKEN) {
      if (data[0] !== TRANSFER_CHECKED) {
        refuse(at, 'SPL TransferChecked', `SPL Token instruction tag ${data[0]}`, 'is not allowed')
        return
      }
      let t: ReturnType<typeof decodeTransferCheckedInstruction>
      try {
        t = decodeTransferCheckedInstruction(toWeb3(ix))
      } catch (error) {
        refuse(at, 'a well-formed TransferChecked', (error as Error).name, 'does not decode')
        return
      }
      scan.tokenTransfers.push({
        index,
        source: t.keys.source.pubkey.toBase58(),
        mint: t.keys.mint.pubkey.toBase58(),
        destination: t.keys.destination.pubkey.toBase58(),
        owner: t.keys.owner.pubkey.toBase58(),
        amount: t.data.amount,
        decimals: t.data.decimals,
      })
    } else if (ix.programId === ATA) {
      // create (empty or 0) and createIdempotent (1) only cost rent; recoverNested (2) moves funds.
      if (data.length > 1 || (data.length === 1 && data[0] !== 0 && data[0] !== 1)) {
        refuse(
          at,
          'ATA create or createIdempotent',
          `ATA instruction tag ${data[0]}`,
          'is not allowed',
        )
      } else if (ix.accounts[0] !== params.wallet) {
        refuse(`${at}.payer`, params.wallet, ix.accounts[0] ?? 'none', 'is not our wallet')
      }
    } else if (ix.programId === MEMO_PROGRAM || ix.programId === MEMO_V2_PROGRAM) {
      if (data.toString('utf8').startsWith(ORDER_MEMO_PREFIX)) scan.orderMemos.push(index)
      else refuse(at, `a memo starting ${ORDER_MEMO_PREFIX}`, 'another memo', 'is not allowed')
    }
    // The order program itself is allowed as the escrow's owner; its accounts are ours to sign
    // only through the checks above (fee payer and only signer).
  })
  return { scan, problems }
}

function toWeb3(ix: DecodedSolanaInstruction): TransactionInstruction {
  // Signer and writable flags do not matter to the decoders, which read keys by position.
  return new TransactionInstruction({
    programId: new PublicKey(ix.programId),
    keys: ix.accounts.map((a) => ({
      pubkey: new PublicKey(a),
      isSigner: false,
      isWritable: false,
    })),
    data: Buffer.from(ix.data),
  })
}
