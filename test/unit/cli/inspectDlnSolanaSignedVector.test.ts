import { VersionedTransaction } from '@solana/web3.js'
import { hexToBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import { inspectDlnSolanaTx } from '../../../src/cli/inspect/inspectDlnSolanaTx.ts'
import { verifyTxSignatures } from '../../../src/devnet/solana/standIn/verifyTxSignatures.ts'
import type { OrderIntent } from '../../../src/verify/orderIntent.ts'
import { WILDSENT_DLN_CREATE_ORDER_WITH_NONCE as vector } from '../../fixtures/solana/goldenVectors.ts'
import { USDC_MINT } from '../../fixtures/solana/goldenVectorTables.ts'

// `ferry inspect --solana-tx` on the second golden vector (docs/dln.md §4.11): a signed, landed
// createOrderWithNonce without lookup tables, so every account is a static key and the whole
// order, its PDAs and its orderId are checked with no RPC.

const MAKER = 'd4sGFnT4iidoEcwRfTdq8GVMWyYzvQubwdarUcEA76L'
const RECEIVER = '0x37dc52b067ccfc42a980185d22806dacad42b903'
const base = { transferFeeBps: 4n, maxPriorityFeeLamports: 10_000_000n }
const signedVectorIntent: OrderIntent = {
  srcChainId: 7565164,
  dstChainId: 8453,
  sender: MAKER,
  tokenIn: USDC_MINT,
  amountIn: 101_355_323n,
  tokenOut: '0x226a2fa2556c48245e57cd1cba4c6c9e67077dd2',
  minTakeAmount: 2_356_947_117_975_226_762_943n,
  receiver: RECEIVER,
  srcAuthority: MAKER,
  dstAuthority: RECEIVER,
  cancelBeneficiary: MAKER,
  referralCode: 4850,
}

describe('the signed createOrderWithNonce vector', () => {
  it('its bytes are the ones the maker signed: the published signature verifies over them', () => {
    const tx = VersionedTransaction.deserialize(hexToBytes(vector.txData))
    expect(tx.message.staticAccountKeys[0]?.toBase58()).toBe(MAKER)
    expect(verifyTxSignatures(tx)).toBe(true)
    tx.message.recentBlockhash = '11111111111111111111111111111111'
    expect(verifyTxSignatures(tx)).toBe(false)
  })

  it('without tables or intent: the instruction, every order field, no table, every check passes', () => {
    const { report, unresolved } = inspectDlnSolanaTx({ ...base, txData: vector.txData })
    expect(report.entry).toBe('dln_src createOrderWithNonce')
    expect(report.maker).toBe(MAKER)
    expect(report.sections.tx!.instructions).toBe(
      'ComputeBudget.SetComputeUnitLimit, ComputeBudget.SetComputeUnitPrice, dln_src.createOrderWithNonce',
    )
    expect(report.sections.orderArgs).toMatchObject({
      giveOriginalAmount: '101355323',
      take: '2356947117975226762943 of 0x226a2fa2556c48245e57cd1cba4c6c9e67077dd2 on chain 8453',
      receiverDst: RECEIVER,
      givePatchAuthoritySrc: MAKER,
      allowedCancelBeneficiarySrc: '(none)',
      orderAuthorityAddressDst: RECEIVER,
      allowedTakerDst: '0x555ce236c0220695b68341bc48c68d52210cc35b',
      affiliateFee: '(none)',
      referralCode: '4850',
      nonce: '1766061009649',
    })
    expect(report.sections.orderAccounts!.tokenMint).toBe(USDC_MINT)
    expect(vector.lookupTables).toEqual([])
    expect(report.sections.lookupTables).toEqual({})
    expect(unresolved).toEqual([])
    expect(report.checks.filter((c) => !c.ok)).toEqual([])
    expect(report.checks.map((c) => c.field)).toContain('dln.accounts.giveOrderState')
  })

  it("the orderId ferry computes is the one dln_src emitted on chain (the logs' CreatedOrderId)", () => {
    const { report } = inspectDlnSolanaTx({ ...base, txData: vector.txData })
    expect(report.orderId).toBe(vector.orderId)
  })

  it('against its intent every check passes; another receiver, a smaller take, another referral code are named', () => {
    const failed = (intent: OrderIntent) =>
      inspectDlnSolanaTx({ ...base, txData: vector.txData, intent })
        .report.checks.filter((c) => !c.ok)
        .map((c) => c.field)
    expect(failed(signedVectorIntent)).toEqual([])
    expect(failed({ ...signedVectorIntent, receiver: `0x${'11'.repeat(20)}` })).toContain(
      'dln.receiverDst',
    )
    expect(
      failed({ ...signedVectorIntent, minTakeAmount: signedVectorIntent.minTakeAmount + 1n }),
    ).toEqual(['dln.take.amount'])
    expect(failed({ ...signedVectorIntent, referralCode: 0 })).toEqual(['dln.referralCode'])
  })
})
