import { getAssociatedTokenAddressSync, NATIVE_MINT } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import {
  type DecodedDlnInstruction,
  DlnInstructionError,
  type DlnProgramIds,
  decodeDlnSolanaInstruction,
} from '../chains/solana/decodeDlnSolanaInstruction.ts'
import { decodeJupiterRoute, type JupiterRoute } from '../chains/solana/decodeJupiterRoute.ts'
import type { ResolvedSolanaInstruction } from '../chains/solana/resolveSolanaMessage.ts'
import { SOLANA_PROGRAM_NAMES } from '../chains/solana/solanaProgramNames.ts'

/** One refused instruction: the field, what was expected, what was found and why. */
export type SolanaInstructionProblem = {
  field: string
  expected: string
  actual: string
  reason: string
}

/** What {@link checkDlnSolanaInstructions} found in a real-format transaction. */
export type DlnSolanaScan = {
  /** `<program>.<instruction>` per instruction, e.g. `dln_src.createOrderWithNonce`. */
  names: string[]
  dln: (DecodedDlnInstruction & { index: number })[]
  jupiter: (JupiterRoute & { index: number })[]
  lamportTransfers: { index: number; to: string; lamports: bigint }[]
  tokenAccountCreates: { index: number; mint: string; account: string }[]
  computeUnitLimit: number | undefined
  computeUnitPriceMicroLamports: bigint | undefined
}

const SPL_TAGS: Record<number, string> = { 9: 'CloseAccount', 17: 'SyncNative' }

/**
 * Walks a real Solana order or cancel transaction (docs/dln.md §4.10; safety P-1.7) and allows each
 * program only in the shapes such a transaction uses: compute budget (one limit, one price);
 * System Transfer from our wallet; SPL Token SyncNative of our wSOL account and CloseAccount of
 * it back to us; ATA create(Idempotent) of our own accounts, paid by us; Jupiter v6 `route` /
 * `sharedAccountsRoute` signed by us from and to our accounts; dln_src `createOrder(WithNonce)`
 * and dln_dst `cancelOrder` / `prepareSend` / `sendOrderCancel`, decoded by IDL. Anything else is a problem
 * naming its instruction. Accounts must be resolved (lookup tables read). Pure; the simulated
 * value flow still decides what leaves the wallet.
 */
export function checkDlnSolanaInstructions(
  instructions: readonly ResolvedSolanaInstruction[],
  params: { wallet: string; programs?: DlnProgramIds },
): { scan: DlnSolanaScan; problems: SolanaInstructionProblem[] } {
  const { wallet } = params
  const wsol = getAssociatedTokenAddressSync(NATIVE_MINT, new PublicKey(wallet), true).toBase58()
  const scan: DlnSolanaScan = {
    names: [],
    dln: [],
    jupiter: [],
    lamportTransfers: [],
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
    const accounts = ix.accounts.map((a) => (typeof a === 'string' ? a : ''))
    const data = Buffer.from(ix.data)
    const program =
      ix.programId === params.programs?.dlnSource
        ? 'dln_src'
        : ix.programId === params.programs?.dlnDestination
          ? 'dln_dst'
          : SOLANA_PROGRAM_NAMES[ix.programId]
    if (!program) {
      scan.names.push(`${ix.programId}.?`)
      refuse(`${at}.programId`, 'a program of an order transaction', ix.programId, 'is unknown')
      return
    }
    const named = (name: string): void => void scan.names.push(`${program}.${name}`)
    if (program === 'ComputeBudget') {
      const tag = data[0]
      if (tag === 2 && data.length === 5 && scan.computeUnitLimit === undefined) {
        scan.computeUnitLimit = data.readUInt32LE(1)
        named('SetComputeUnitLimit')
      } else if (
        tag === 3 &&
        data.length === 9 &&
        scan.computeUnitPriceMicroLamports === undefined
      ) {
        scan.computeUnitPriceMicroLamports = data.readBigUInt64LE(1)
        named('SetComputeUnitPrice')
      } else {
        named(`tag ${tag}`)
        refuse(
          at,
          'one SetComputeUnitLimit and one SetComputeUnitPrice',
          `tag ${tag}`,
          'is not allowed',
        )
      }
    } else if (program === 'System') {
      if (data.length !== 12 || data.readUInt32LE(0) !== 2) {
        named(`tag ${data.length >= 4 ? data.readUInt32LE(0) : '?'}`)
        refuse(at, 'System Transfer', 'another System instruction', 'is not allowed')
        return
      }
      named('Transfer')
      if (accounts[0] !== wallet) {
        refuse(`${at}.from`, wallet, accounts[0] ?? '', 'is not our wallet')
      } else if (accounts[1] !== wsol) {
        // Fees and the give move inside dln_src; a top-level transfer only wraps SOL for us.
        refuse(`${at}.to`, wsol, accounts[1] ?? '', 'is not our wSOL account')
      }
      scan.lamportTransfers.push({
        index,
        to: accounts[1] ?? '',
        lamports: data.readBigUInt64LE(4),
      })
    } else if (program === 'SPL Token') {
      const name = SPL_TAGS[data[0] ?? -1]
      named(name ?? `tag ${data[0]}`)
      if (!name || data.length !== 1) {
        refuse(at, 'SPL SyncNative or CloseAccount of our wSOL', `tag ${data[0]}`, 'is not allowed')
      } else if (accounts[0] !== wsol) {
        refuse(`${at}.account`, wsol, accounts[0] ?? '', `is not our wSOL account (${name})`)
      } else if (name === 'CloseAccount' && (accounts[1] !== wallet || accounts[2] !== wallet)) {
        refuse(`${at}.destination`, wallet, `${accounts[1]}, owner ${accounts[2]}`, 'is not us')
      }
    } else if (program === 'Associated Token Account') {
      const tag = data.length === 0 ? 0 : data[0]
      named(tag === 1 ? 'CreateIdempotent' : tag === 0 ? 'Create' : `tag ${tag}`)
      const [payer, account, owner, mint] = accounts
      if (data.length > 1 || (tag !== 0 && tag !== 1)) {
        refuse(at, 'ATA create or createIdempotent', `tag ${tag}`, 'is not allowed')
      } else if (!mint || !account) {
        refuse(`${at}.mint`, 'a resolved key', '(unresolved)', 'is in an unread lookup table')
      } else if (payer !== wallet || owner !== wallet) {
        refuse(`${at}.owner`, wallet, `payer ${payer}, owner ${owner}`, 'is not our own account')
      } else {
        const want = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(wallet), true)
        if (want.toBase58() !== account)
          refuse(`${at}.account`, want.toBase58(), account, 'is not the ATA')
        else scan.tokenAccountCreates.push({ index, mint, account })
      }
    } else if (program === 'Jupiter v6') {
      const route = decodeJupiterRoute(ix.programId, accounts, data)
      named(route?.name ?? 'unknown')
      if (!route) {
        refuse(
          at,
          'Jupiter route or sharedAccountsRoute',
          data.subarray(0, 8).toString('hex'),
          'is not allowed',
        )
      } else if (route.userTransferAuthority !== wallet) {
        refuse(
          `${at}.userTransferAuthority`,
          wallet,
          route.userTransferAuthority,
          'is not our wallet',
        )
      } else if (route.destinationOverride !== undefined) {
        refuse(
          `${at}.destinationTokenAccount`,
          '(none: our own account)',
          route.destinationOverride,
          'pays someone else',
        )
      } else scan.jupiter.push({ ...route, index })
    } else {
      try {
        const dln = decodeDlnSolanaInstruction({ ...ix, accounts }, at, params.programs)
        if (!dln) {
          named('?')
          refuse(`${at}.programId`, 'the configured DLN programs', ix.programId, 'is unknown')
        } else {
          named(dln.name)
          scan.dln.push({ ...dln, index })
        }
      } catch (error) {
        if (!(error instanceof DlnInstructionError)) throw error
        named('?')
        refuse(
          error.subject,
          `a ${program} instruction ferry reads`,
          error.message,
          'does not decode',
        )
      }
    }
  })
  return { scan, problems }
}
