import { getAssociatedTokenAddressSync, NATIVE_MINT } from '@solana/spl-token'
import { describe, expect, test } from 'vitest'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import { DLN_CREATE_RENT_LAMPORTS } from '../../../src/verify/checkDlnSolanaOrderTx.ts'
import { judgeSolanaValueFlow } from '../../../src/verify/judgeSolanaValueFlow.ts'
import { SolanaValueFlowError } from '../../../src/verify/SolanaValueFlowError.ts'
import type {
  SolanaAccountChange,
  SolanaAccountState,
  SolanaValueFlowExpectation,
} from '../../../src/verify/solanaValueFlow.ts'
import {
  honest,
  me,
  myUsdc,
  myUsdt,
  RENT,
  rules,
  SOL,
  spl,
  thief,
  tokenAccount,
  USDC,
  USDT,
  wallet,
} from './solanaValueFlowFixtures.ts'

describe('judgeSolanaValueFlow', () => {
  test('default: the give, the fixed fee and a bounded tx fee pass; lines show every delta', () => {
    const verdict = judgeSolanaValueFlow(spl, honest())
    expect(verdict.violations).toEqual([])
    expect(verdict.outflows.get(USDC.toBase58())).toBe(250_000_000n)
    expect(verdict.outflows.get(SOL)).toBe(15_025_000n)
    expect(verdict.lines[0]).toContain('our wallet): -15025000 lamports')
    expect(verdict.lines[2]).toContain('+250000000 tokens')
  })

  test('behavior: a native give leaves as lamports; a fee above the bound is refused', () => {
    const native = {
      ...spl,
      giveToken: SOL,
      giveAmount: 3_000_000_000n,
      orderGiveAmount: 2_998_800_000n,
    }
    const ok = [
      { address: me.toBase58(), before: wallet(5_000_000_000n), after: wallet(1_984_980_000n) },
    ]
    expect(rules(ok, native)).toEqual([])
    const over = [
      { address: me.toBase58(), before: wallet(5_000_000_000n), after: wallet(1_984_970_000n) },
    ]
    expect(rules(over, native)).toEqual(['walletLamports'])
  })

  test('behavior: lamports beyond the give, fee, tx fee and rent are refused (an extra System transfer)', () => {
    const changes = honest()
    changes[0]!.after = wallet(984_975_000n - 1_000_000n)
    expect(rules(changes)).toEqual(['walletLamports'])
    // Documented rent (one token account the tx creates) is allowed, and no more.
    expect(rules(changes, { ...spl, maxRentLamports: RENT })).toEqual([])
    changes[0]!.after = wallet(984_975_000n - RENT - 1n)
    expect(rules(changes, { ...spl, maxRentLamports: RENT })).toEqual(['walletLamports'])
  })

  test('behavior: more tokens out of our give account than the give is refused (an extra SPL transfer)', () => {
    const changes = honest()
    changes[1]!.after = tokenAccount(USDC, me, 40_000_000n)
    expect(rules(changes)).toEqual(['giveTokens'])
  })

  test('behavior: an approval, an owner change, a close authority or a close of our account is refused', () => {
    const cases: [SolanaAccountState, string][] = [
      [tokenAccount(USDC, me, 50_000_000n, { delegate: thief }), 'delegate'],
      [tokenAccount(USDC, me, 50_000_000n, { closeAuthority: thief }), 'closeAuthority'],
      [tokenAccount(USDC, thief, 50_000_000n), 'owner'],
    ]
    for (const [after, field] of cases) {
      const changes = honest()
      changes[1]!.after = after
      const verdict = judgeSolanaValueFlow(spl, changes)
      expect(verdict.violations.map((v) => v.rule)).toContain('tokenAccountAltered')
      expect(verdict.violations.map((v) => v.message).join('\n')).toContain(field)
    }
    const closed = honest()
    closed[1]!.after = null
    expect(rules(closed)).toEqual(['giveTokens', 'accountClosed'])
  })

  test('behavior: our wallet assigned or given data is refused; another of our accounts must not move', () => {
    const assigned = honest()
    assigned[0]!.after = wallet(984_975_000n, thief.toBase58())
    expect(rules(assigned)).toEqual(['walletAltered'])
    const allocated = honest()
    allocated[0]!.after = wallet(984_975_000n, SOL, 64)
    expect(rules(allocated)).toEqual(['walletAltered'])
    const drained = [
      ...honest(),
      {
        address: myUsdt,
        before: tokenAccount(USDT, me, 70_000_000n),
        after: tokenAccount(USDT, me, 0n),
      },
    ]
    expect(rules(drained)).toEqual(['otherTokenMoved'])
    // Accounts of others are shown, not judged: the escrow receives.
    expect(judgeSolanaValueFlow(spl, honest()).lines[2]).not.toContain('ours')
  })

  test('behavior: our empty wSOL account closed back to us is allowed; one that held wSOL is not (docs/dln.md §4.12)', () => {
    const wsol = getAssociatedTokenAddressSync(NATIVE_MINT, me).toBase58()
    const closedEmpty = [
      ...honest(),
      { address: wsol, before: tokenAccount(NATIVE_MINT, me, 0n), after: null },
    ]
    // Its rent came back: the wallet lost RENT less than the give's fee and tx fee.
    closedEmpty[0]!.after = wallet(984_975_000n + RENT)
    expect(rules(closedEmpty)).toEqual([])
    const closedFull = [
      ...honest(),
      { address: wsol, before: tokenAccount(NATIVE_MINT, me, 5_000_000n), after: null },
    ]
    expect(rules(closedFull)).toContain('accountClosed')
  })

  test('behavior: our pre-existing empty wSOL account closed, its rent not back in our wallet, is refused (docs/dln.md §4.10)', () => {
    // A SOL give whose create-tx closes our wSOL account that existed before it (createIdempotent
    // created nothing): the documented rent is dln_src's order accounts only.
    const native: SolanaValueFlowExpectation = {
      ...spl,
      giveToken: SOL,
      giveAmount: 3_000_000_000n,
      orderGiveAmount: 2_998_800_000n,
      maxRentLamports: DLN_CREATE_RENT_LAMPORTS,
    }
    const wsol = getAssociatedTokenAddressSync(NATIVE_MINT, me).toBase58()
    const spent = 3_015_025_000n + DLN_CREATE_RENT_LAMPORTS
    const create = (rentTo: 'us' | 'thief'): SolanaAccountChange[] => [
      {
        address: me.toBase58(),
        before: wallet(5_000_000_000n),
        after: wallet(5_000_000_000n - spent + (rentTo === 'us' ? RENT : 0n)),
      },
      { address: wsol, before: tokenAccount(NATIVE_MINT, me, 0n), after: null },
      {
        address: thief.toBase58(),
        before: wallet(1_000_000n),
        after: wallet(1_000_000n + (rentTo === 'thief' ? RENT : 0n)),
      },
    ]
    expect(rules(create('us'), native)).toEqual([])
    // The theft is real: the thief gains the rent, and the wallet's out-flow alone stays within
    // give + fee + tx fee + documented rent (the slack the old judge let it hide in).
    const stolen = judgeSolanaValueFlow(native, create('thief'))
    expect(stolen.lines[2]).toContain(`+${RENT} lamports`)
    expect(stolen.outflows.get(SOL)).toBe(spent)
    expect(stolen.violations.map((v) => v.rule)).toEqual(['wsolRentNotReturned'])
    expect(stolen.violations[0]!.message).toContain(`${RENT} of the ${RENT} lamports`)
    // More gone than the rent as well: the wallet's own rule names it.
    const more = create('thief')
    more[0]!.after = wallet(5_000_000_000n - spent - RENT - 1n)
    expect(rules(more, native)).toEqual(['walletLamports'])
  })

  test('behavior: after a pre-swap, a surplus left in our account of the order’s give token is allowed; a loss there is not', () => {
    // USDT in, pre-swapped to USDC: the order gives USDC from our USDC account.
    const preSwap: SolanaValueFlowExpectation = {
      ...spl,
      giveToken: USDT.toBase58(),
      orderGiveToken: USDC.toBase58(),
    }
    const withUsdt = (
      usdcAfter: bigint,
      usdcBefore: SolanaAccountState | null,
    ): SolanaAccountChange[] => [
      { address: me.toBase58(), before: wallet(1_000_000_000n), after: wallet(984_975_000n) },
      {
        address: myUsdt,
        before: tokenAccount(USDT, me, 300_000_000n),
        after: tokenAccount(USDT, me, 50_000_000n),
      },
      { address: myUsdc, before: usdcBefore, after: tokenAccount(USDC, me, usdcAfter) },
    ]
    const usdtPrices = { ...preSwap, prices: spl.prices }
    const ok = judgeSolanaValueFlow(usdtPrices, withUsdt(60_000n, null)).violations
    expect(ok.map((v) => v.rule).filter((r) => r !== 'unpriced')).toEqual([])
    expect(
      judgeSolanaValueFlow(usdtPrices, withUsdt(60_000n, tokenAccount(USDC, me, 0n)))
        .violations.map((v) => v.rule)
        .filter((r) => r !== 'unpriced'),
    ).toEqual([])
    expect(rules(withUsdt(0n, tokenAccount(USDC, me, 10_000n)), preSwap)).toContain(
      'otherTokenMoved',
    )
  })

  test('behavior: our accounts missing from the simulation are refused', () => {
    expect(rules(honest().slice(2))).toEqual(['walletLamports', 'giveTokens'])
  })

  test('behavior: value conserved at trusted prices within maxCostBps; unpriced tokens refused', () => {
    // 250 USDC + 0.015025 SOL ($2.25) leave, the order gives 249.9 USDC: 94 bps.
    expect(rules(honest(), { ...spl, maxCostBps: 94 })).toEqual([])
    const verdict = judgeSolanaValueFlow({ ...spl, maxCostBps: 90 }, honest())
    expect(verdict.violations.map((v) => v.rule)).toEqual(['valueConserved'])
    expect(verdict.violations[0]!.message).toContain('(≈ $252.25) left')
    const cheap = { ...spl, orderGiveAmount: 100_000_000n }
    expect(rules(honest(), cheap)).toEqual(['valueConserved'])
    const noPrices = { ...spl, prices: { get: () => undefined } }
    expect(rules(honest(), noPrices)).toEqual(['unpriced', 'unpriced'])
  })

  test('behavior: SolanaValueFlowError is a VerificationError naming the rule, with the deltas', () => {
    const changes = honest()
    changes[1]!.after = tokenAccount(USDC, me, 40_000_000n)
    const verdict = judgeSolanaValueFlow(spl, changes)
    const error = new SolanaValueFlowError(verdict.violations, verdict.lines)
    expect(error).toBeInstanceOf(VerificationError)
    expect(error.rule).toBe('giveTokens')
    expect(error.field).toBe('valueFlow.giveTokens')
    expect(error.shortMessage).toBe('refusing to sign: Solana value flow: giveTokens')
    expect(error.metaMessages[0]).toMatch(/^giveTokens: 260000000 left our/)
    expect(error.metaMessages).toContain('deltas:')
    expect(error.message).toContain(myUsdc)
  })
})
