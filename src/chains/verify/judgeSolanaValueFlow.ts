import { encodeBase58 } from '../base58.ts'
import { type PriceSnapshot, valueUsdE18 } from './prices/tokenUsdPrice.ts'

/** One account's state as simulateTransaction and getMultipleAccounts give it; null = absent. */
export type SolanaAccountState = { lamports: bigint; owner: string; data: Uint8Array } | null

/** What ferry's Solana order may do to ferry's own accounts (docs/safety.md P-8.9). */
export type SolanaValueFlowExpectation = {
  /** ferry's wallet (fee payer and only signer). */
  wallet: string
  /** ferry's token account of the give mint; undefined when the order gives native SOL. */
  tokenAccount: string | undefined
  /** The give: SPL base units out of `tokenAccount`, or lamports for native SOL. */
  amountIn: bigint
  /** The order's flat fee, in lamports. */
  fixedFeeLamports: bigint
  /** Signature fees plus the verified priority fee, in lamports. */
  txFeeLamports: bigint
  /** Most rent the order's new accounts may take from the wallet, in lamports. */
  maxRentLamports: bigint
  /** Value-conservation check; omitted, only the deltas are judged. */
  conservation?: {
    prices: PriceSnapshot
    /** The give token (mint base58; the System program id for SOL) and the order's give amount. */
    giveToken: string
    orderGiveAmount: bigint
    maxCostBps: number
  }
}

/** One broken rule of the Solana value flow. */
export type SolanaValueFlowViolation = { rule: string; message: string }

const SOL = '11111111111111111111111111111111'
const SOLANA_CHAIN_ID = 7565164

/**
 * Judges the simulated effect of a Solana order on ferry's own accounts against what the intent
 * allows (docs/safety.md P-8.9): exactly the give leaves the token account (which stays open, with
 * ferry as its owner and no delegate); the wallet pays at least the flat fee (plus a native give)
 * and at most that plus transaction fees and documented rent; and, with prices, the order's give
 * is worth at least what left × (1 − maxCostBps). Pure; returns every broken rule.
 */
export function judgeSolanaValueFlow(
  pre: { wallet: SolanaAccountState; tokenAccount?: SolanaAccountState },
  post: { wallet: SolanaAccountState; tokenAccount?: SolanaAccountState },
  expected: SolanaValueFlowExpectation,
): SolanaValueFlowViolation[] {
  const violations: SolanaValueFlowViolation[] = []
  const nativeGive = expected.tokenAccount === undefined ? expected.amountIn : 0n
  const leastLamports = expected.fixedFeeLamports + nativeGive
  const mostLamports = leastLamports + expected.txFeeLamports + expected.maxRentLamports
  if (!pre.wallet || !post.wallet) {
    violations.push({ rule: 'accountClosed', message: `wallet ${expected.wallet} would be closed` })
    return violations
  }
  const spentLamports = pre.wallet.lamports - post.wallet.lamports
  if (spentLamports > mostLamports) {
    violations.push({
      rule: 'lamportOutflow',
      message: `${spentLamports} lamports would leave the wallet; at most ${mostLamports} (fee ${expected.fixedFeeLamports}, give ${nativeGive}, tx fees ${expected.txFeeLamports}, rent ${expected.maxRentLamports})`,
    })
  } else if (spentLamports < leastLamports) {
    violations.push({
      rule: 'lamportOutflow',
      message: `${spentLamports} lamports would leave the wallet; the order needs ${leastLamports}`,
    })
  }
  if (expected.tokenAccount !== undefined) {
    const before = pre.tokenAccount ?? null
    const after = post.tokenAccount ?? null
    if (!before || !after) {
      violations.push({
        rule: 'accountClosed',
        message: `token account ${expected.tokenAccount} ${before ? 'would be closed' : 'does not exist'}`,
      })
    } else {
      const spent = tokenAmount(before.data) - tokenAmount(after.data)
      if (spent !== expected.amountIn) {
        violations.push({
          rule: 'tokenOutflow',
          message: `${spent} base units would leave token account ${expected.tokenAccount}; the order gives ${expected.amountIn}`,
        })
      }
      if (tokenAuthority(after.data) !== expected.wallet || after.owner !== before.owner) {
        violations.push({
          rule: 'authority',
          message: `token account ${expected.tokenAccount} would change hands (authority ${tokenAuthority(after.data)})`,
        })
      }
      if (hasDelegate(after.data)) {
        violations.push({
          rule: 'approval',
          message: `token account ${expected.tokenAccount} would keep a delegate (an SPL approval)`,
        })
      }
    }
  }
  const c = expected.conservation
  if (c && spentLamports >= 0n) {
    const price = (token: string) => c.prices.get(SOLANA_CHAIN_ID, token)
    const give = price(c.giveToken)
    const sol = price(SOL)
    if (!give || !sol) {
      violations.push({
        rule: 'unpriced',
        message: `no trusted price for ${!give ? c.giveToken : 'SOL'}`,
      })
    } else {
      const tokenLeft = expected.tokenAccount === undefined ? 0n : expected.amountIn
      const leftUsdE18 = valueUsdE18(give, tokenLeft) + valueUsdE18(sol, spentLamports)
      const arrivedUsdE18 = valueUsdE18(give, c.orderGiveAmount)
      if (arrivedUsdE18 * 10_000n < leftUsdE18 * BigInt(10_000 - c.maxCostBps)) {
        violations.push({
          rule: 'valueConserved',
          message: `$${usd(leftUsdE18)} would leave the wallet, the order gives $${usd(arrivedUsdE18)}; route max cost ${c.maxCostBps} bps`,
        })
      }
    }
  }
  return violations
}

// SPL token account layout: mint 0..32, owner 32..64, amount 64..72 (u64 LE), delegate option 72..76.
function tokenAmount(data: Uint8Array): bigint {
  return Buffer.from(data).readBigUInt64LE(64)
}
function tokenAuthority(data: Uint8Array): string {
  return encodeBase58(data.subarray(32, 64))
}
function hasDelegate(data: Uint8Array): boolean {
  return Buffer.from(data).readUInt32LE(72) !== 0
}
function usd(e18: bigint): string {
  return (Number(e18 / 10n ** 14n) / 10_000).toFixed(2)
}
