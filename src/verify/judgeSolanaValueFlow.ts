import { getAssociatedTokenAddressSync, NATIVE_MINT } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import { SOLANA_NATIVE_TOKEN } from '../api/requests/addressRules.ts'
import { judgeSolanaValueConserved } from './judgeSolanaValueConserved.ts'
import { solanaTokenAccount } from './solanaTokenAccount.ts'
import type {
  SolanaAccountChange,
  SolanaAccountState,
  SolanaValueFlowExpectation,
  SolanaValueFlowViolation,
} from './solanaValueFlow.ts'

/** What the judge found: every broken rule, and one line of deltas per watched account. */
export type SolanaValueFlowVerdict = {
  violations: SolanaValueFlowViolation[]
  lines: string[]
  /** What left us, by token (mint or the native sentinel), in base units. */
  outflows: Map<string, bigint>
}

/**
 * Holds the simulated before/after of the accounts a Solana order transaction touches against
 * the intended flow (docs/safety.md P-8.9): our wallet loses the native give (if any) and the
 * fixed fee plus at most the transaction fee and the documented rent, and is neither closed,
 * assigned nor given data; our give-mint token account loses exactly the give; every other
 * account of ours (a token account whose owner is our wallet, before or after) is unchanged, or
 * is a fresh empty account the transaction created, except our empty wSOL account closed back to
 * us (every lamport it held must reach our wallet) and a pre-swap's surplus left in our account
 * of the order's give token; then, except for a cancel (`kind`), the value-conservation rule
 * (P-8.6).
 * Accounts of others are shown in the lines but judged only through ours. Pure.
 */
export function judgeSolanaValueFlow(
  e: SolanaValueFlowExpectation,
  changes: readonly SolanaAccountChange[],
): SolanaValueFlowVerdict {
  const violations: SolanaValueFlowViolation[] = []
  const lines: string[] = []
  const outflows = new Map<string, bigint>()
  const flag = (rule: SolanaValueFlowViolation['rule'], message: string): void => {
    violations.push({ rule, message })
  }
  const native = e.giveToken === SOLANA_NATIVE_TOKEN
  const giveAccount = native
    ? undefined
    : getAssociatedTokenAddressSync(
        new PublicKey(e.giveToken),
        new PublicKey(e.wallet),
        true,
      ).toBase58()
  // Ours that may change (docs/dln.md §4.12): the wSOL account the transaction wraps into and
  // closes back to us, and, after a pre-swap, the order's give-token account, which keeps what the
  // swap paid over the give.
  const wsolAccount = getAssociatedTokenAddressSync(
    NATIVE_MINT,
    new PublicKey(e.wallet),
    true,
  ).toBase58()
  const surplusAccount =
    e.orderGiveToken && e.orderGiveToken !== e.giveToken && e.orderGiveToken !== SOLANA_NATIVE_TOKEN
      ? getAssociatedTokenAddressSync(
          new PublicKey(e.orderGiveToken),
          new PublicKey(e.wallet),
          true,
        ).toBase58()
      : undefined
  let wallet: { before: SolanaAccountState; after: SolanaAccountState; at: number } | undefined
  let closedRentLamports = 0n
  let sawGive = false
  for (const { address, before, after } of changes) {
    const lamportsDelta = (after?.lamports ?? 0n) - (before?.lamports ?? 0n)
    const tokenBefore = solanaTokenAccount(before)
    const tokenAfter = solanaTokenAccount(after)
    const amountDelta = (tokenAfter?.amount ?? 0n) - (tokenBefore?.amount ?? 0n)
    const ours =
      address === e.wallet || tokenBefore?.owner === e.wallet || tokenAfter?.owner === e.wallet
    const what =
      address === e.wallet
        ? 'our wallet'
        : tokenBefore || tokenAfter
          ? `token ${(tokenBefore ?? tokenAfter)!.mint} of ${tokenBefore?.owner ?? 'none'} → ${tokenAfter?.owner ?? 'none'}`
          : `account of ${before?.owner ?? 'none'} → ${after?.owner ?? 'none'}`
    lines.push(
      `${address} (${ours ? 'ours, ' : ''}${what}): ${signed(lamportsDelta)} lamports` +
        (tokenBefore || tokenAfter ? `, ${signed(amountDelta)} tokens` : '') +
        (before && !after ? ', closed' : '') +
        (!before && after ? ', created' : ''),
    )
    if (address === e.wallet) {
      // Judged after the loop: a closed wSOL account of ours may come later and owes it its rent.
      wallet = { before, after, at: violations.length }
      outflows.set(SOLANA_NATIVE_TOKEN, -lamportsDelta)
      continue
    }
    if (!ours) continue
    if (address === giveAccount) {
      sawGive = true
      outflows.set(e.giveToken, -amountDelta)
      if (-amountDelta !== e.giveAmount) {
        flag(
          'giveTokens',
          `${-amountDelta} left our ${e.giveToken} account; expected exactly ${e.giveAmount}`,
        )
      }
    } else if (address === surplusAccount && amountDelta > 0n) {
      outflows.set(e.orderGiveToken!, (outflows.get(e.orderGiveToken!) ?? 0n) - amountDelta)
    } else if (amountDelta !== 0n) {
      const mint = (tokenBefore ?? tokenAfter)!.mint
      outflows.set(mint, (outflows.get(mint) ?? 0n) - amountDelta)
      flag(
        'otherTokenMoved',
        `${signed(amountDelta)} ${mint} in our account ${address}; expected no change`,
      )
    }
    if (tokenBefore && !tokenAfter && address === wsolAccount && tokenBefore.amount === 0n) {
      // Our own empty wSOL account closed: allowed only as a close back to us, so every lamport it
      // held must show in our wallet, else the wallet's bounds would absorb its rent.
      closedRentLamports += before!.lamports
    } else if (tokenBefore && !tokenAfter) {
      flag(
        'accountClosed',
        `our token account ${address} is ${after ? 'no longer a token account' : 'closed'}`,
      )
    } else if (!tokenBefore && tokenAfter) {
      // A new account of ours (an ATA the transaction creates): fresh and empty, else a trap.
      const fresh =
        (tokenAfter.amount === 0n || address === surplusAccount) &&
        tokenAfter.holds.delegate === 'none' &&
        tokenAfter.holds.closeAuthority === 'none'
      if (!fresh) flag('tokenAccountAltered', `new token account ${address} is not fresh and empty`)
    } else if (tokenBefore && tokenAfter) {
      if (tokenAfter.owner !== tokenBefore.owner) {
        flag('tokenAccountAltered', `${address} owner ${tokenBefore.owner} → ${tokenAfter.owner}`)
      }
      for (const [field, was] of Object.entries(tokenBefore.holds)) {
        const now = tokenAfter.holds[field]
        if (now !== was) flag('tokenAccountAltered', `${address} ${field} ${was} → ${now}`)
      }
      if (lamportsDelta !== 0n) {
        flag('tokenAccountAltered', `${address} lamports ${signed(lamportsDelta)}`)
      }
    }
  }
  if (!wallet) flag('walletLamports', 'our wallet is missing from the simulated accounts')
  else violations.splice(wallet.at, 0, ...judgeWallet(e, wallet, closedRentLamports))
  if (giveAccount && !sawGive) {
    flag(
      'giveTokens',
      `our ${e.giveToken} account ${giveAccount} is missing from the simulated accounts`,
    )
  }
  if (violations.length === 0 && e.kind !== 'cancel') {
    violations.push(...judgeSolanaValueConserved(e, outflows))
  }
  return { violations, lines, outflows }
}

/**
 * Our wallet: not closed, assigned nor given data; what left it (lamports) is the native give plus
 * the fixed fee (less what may be waived), plus at most the tx fee and the documented rent, net of
 * `closedRentLamports` (what our closed wSOL account held, owed back to us). A shortfall of at
 * most that much is `wsolRentNotReturned`.
 */
function judgeWallet(
  e: SolanaValueFlowExpectation,
  { before, after }: { before: SolanaAccountState; after: SolanaAccountState },
  closedRentLamports: bigint,
): SolanaValueFlowViolation[] {
  const found: SolanaValueFlowViolation[] = []
  const native = e.giveToken === SOLANA_NATIVE_TOKEN
  const out = (before?.lamports ?? 0n) - (after?.lamports ?? 0n)
  const full = (native ? e.giveAmount : 0n) + e.fixedFeeLamports
  const least = full - (e.fixedFeeWaivableLamports ?? 0n) - closedRentLamports
  const most = full + e.maxTxFeeLamports + e.maxRentLamports - closedRentLamports
  if (!after || !before) {
    found.push({
      rule: 'walletAltered',
      message: `our wallet ${after ? 'did not exist' : 'is closed'}`,
    })
  } else if (after.owner !== before.owner || after.data.length !== before.data.length) {
    found.push({
      rule: 'walletAltered',
      message: `our wallet's owner ${before.owner} → ${after.owner}, data ${before.data.length} → ${after.data.length} bytes`,
    })
  }
  const returned =
    closedRentLamports > 0n ? `, less ${closedRentLamports} back from our closed wSOL account` : ''
  if (out > most && out - most <= closedRentLamports) {
    found.push({
      rule: 'wsolRentNotReturned',
      message: `${out} lamports left our wallet, at most ${most} expected: ${out - most} of the ${closedRentLamports} lamports our closed wSOL account held did not come back to us`,
    })
  } else if (out < least || out > most) {
    found.push({
      rule: 'walletLamports',
      message: `${out} lamports left our wallet; expected ${least} (${native ? 'give + ' : ''}fixed fee${returned}) plus 0..${most - least} of fees and rent`,
    })
  }
  return found
}

function signed(n: bigint): string {
  return n > 0n ? `+${n}` : String(n)
}
