import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  decodeTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
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
} from '../chains/solana/decodeSolanaOrderTx.ts'

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
  /** Associated token accounts the transaction creates, paid by our wallet (rent, P-8.9). */
  tokenAccountCreates: { index: number; owner: string; mint: string; account: string }[]
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
 * The programs a Solana order transaction may invoke, each only in the shapes listed (safety
 * P-1.7, docs/safety.md P-8.9): compute budget (one unit limit, one unit price), System (Transfer
 * from our wallet), SPL Token (TransferChecked), associated token account (create or
 * createIdempotent of the escrow's or our account of the give mint, paid by us) and Memo (v1,
 * which carries the devnet's order, and v2; the order memo only). The order program is not on
 * the list: in the devnet's order encoding it owns the escrow and is never invoked, and an
 * invocation of it could not be decoded, so it could do anything with our signature.
 */
export function allowedSolanaPrograms(): string[] {
  return [COMPUTE_BUDGET, SYSTEM, TOKEN, ATA, MEMO_PROGRAM, MEMO_V2_PROGRAM]
}

/**
 * Walks every instruction (lookup tables already resolved) and refuses what an order
 * transaction has no business doing (safety P-1.7, docs/safety.md P-8.9): a program outside
 * {@link allowedSolanaPrograms}; a compute-budget instruction other than one unit limit and one
 * unit price; a System instruction other than a transfer from our key (so no assign, allocate or
 * transfer-with-seed); an SPL instruction other than TransferChecked (so no approve,
 * setAuthority, closeAccount, burn or plain transfer); an ATA instruction other than create(-
 * idempotent) of the escrow's or our account of the give mint, paid by us; a memo other than the
 * order memo. How many transfers are allowed is the caller's check. Pure.
 */
export function checkSolanaInstructions(
  instructions: readonly DecodedSolanaInstruction[],
  params: {
    wallet: string
    /** Owner of the escrow: the only other owner whose give-mint account we may create. */
    orderProgramId: string
    /** The give token's mint; undefined for native SOL (then no token account is created). */
    giveMint: string | undefined
  },
): { scan: SolanaInstructionScan; problems: SolanaInstructionProblem[] } {
  const allowed = allowedSolanaPrograms()
  const scan: SolanaInstructionScan = {
    lamportTransfers: [],
    tokenTransfers: [],
    orderMemos: [],
    tokenAccountCreates: [],
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
      const why =
        ix.programId === params.orderProgramId
          ? 'is the order program, which the order encoding never invokes'
          : 'is not an allowed program'
      refuse(`${at}.programId`, allowed.join(' | '), ix.programId, why)
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
      const problem = checkTokenAccountCreate(ix, params)
      if (problem) refuse(problem.field ? `${at}.${problem.field}` : at, ...problem.why)
      else {
        const [, account, owner, mint] = ix.accounts as [string, string, string, string]
        scan.tokenAccountCreates.push({ index, owner, mint, account })
      }
    } else if (ix.programId === MEMO_PROGRAM || ix.programId === MEMO_V2_PROGRAM) {
      if (data.toString('utf8').startsWith(ORDER_MEMO_PREFIX)) scan.orderMemos.push(index)
      else refuse(at, `a memo starting ${ORDER_MEMO_PREFIX}`, 'another memo', 'is not allowed')
    }
  })
  return { scan, problems }
}

/**
 * An ATA create (tag absent or 0) or createIdempotent (1) only costs us rent, and only for the
 * account an order may need: the escrow's or ours, of the give mint, under SPL Token. Other
 * owners would let the service spend our lamports on accounts it can close and cash in.
 */
function checkTokenAccountCreate(
  ix: DecodedSolanaInstruction,
  params: { wallet: string; orderProgramId: string; giveMint: string | undefined },
): { field?: string; why: [string, string, string] } | undefined {
  const tag = ix.data.length === 0 ? 0 : ix.data[0]
  if (ix.data.length > 1 || (tag !== 0 && tag !== 1)) {
    return {
      why: ['ATA create or createIdempotent', `ATA instruction tag ${tag}`, 'is not allowed'],
    }
  }
  const [payer, account, owner, mint, system, token] = ix.accounts
  if (payer !== params.wallet) {
    return { field: 'payer', why: [params.wallet, payer ?? 'none', 'is not our wallet'] }
  }
  const owners = [params.wallet, params.orderProgramId]
  if (!owner || !owners.includes(owner)) {
    return { field: 'owner', why: [owners.join(' | '), owner ?? 'none', 'is not us or the escrow'] }
  }
  if (!params.giveMint || mint !== params.giveMint) {
    return {
      field: 'mint',
      why: [params.giveMint ?? 'none', mint ?? 'none', 'is not the give mint'],
    }
  }
  if (system !== SYSTEM || token !== TOKEN) {
    const got = `${system ?? 'none'}, ${token ?? 'none'}`
    return { field: 'programs', why: [`${SYSTEM}, ${TOKEN}`, got, 'are not System and SPL Token'] }
  }
  const want = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true)
  if (account !== want.toBase58()) {
    return { field: 'account', why: [want.toBase58(), account ?? 'none', 'is not the ATA'] }
  }
  return undefined
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
