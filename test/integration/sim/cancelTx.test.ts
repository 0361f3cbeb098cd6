import { Keypair, PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { authorizedDstNativeSenderAddress } from '../../../src/chains/solana/authorizedDstNativeSender.ts'
import {
  claimCancelCalldata,
  DLN_SEND_LOOKUP_TABLE,
  debridgeSendingAccounts,
} from '../../../src/chains/solana/debridgeSendingAccounts.ts'
import { DLN_DST_DISCRIMINATORS } from '../../../src/chains/solana/dlnDstCancel.ts'
import { resolveSolanaMessage } from '../../../src/chains/solana/resolveSolanaMessage.ts'
import {
  SIM_DEBRIDGE_FEE_BENEFICIARY,
  simDlnSendTable,
} from '../../../src/sim/server/simDlnSendTable.ts'
import { verifySolanaCancelTx } from '../../../src/verify/verifySolanaCancelTx.ts'
import { ADDR, startTestSim, type TestSim } from './startTestSim.ts'

const authority = Keypair.fromSeed(new Uint8Array(32).fill(5)).publicKey
const hex = (key: PublicKey): Hex => `0x${Buffer.from(key.toBytes()).toString('hex')}`
const intoSolana: DlnOrder = {
  makerOrderNonce: 7n,
  makerSrc: ADDR.maker,
  giveChainId: 42161n,
  giveTokenAddress: ADDR.arbUsdc,
  giveAmount: 50_000_000n,
  takeChainId: 7565164n,
  takeTokenAddress: hex(new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')),
  takeAmount: 49_000_000n,
  receiverDst: hex(authority),
  givePatchAuthoritySrc: ADDR.maker,
  orderAuthorityAddressDst: hex(authority),
  allowedTakerDst: '0x',
  allowedCancelBeneficiarySrc: ADDR.other,
  externalCall: '0x',
}
const intoBase: DlnOrder = {
  ...intoSolana,
  takeChainId: 8453n,
  takeTokenAddress: ADDR.baseUsdc,
  receiverDst: ADDR.maker,
  orderAuthorityAddressDst: ADDR.maker,
}
const solanaId = computeOrderId(intoSolana)
const baseId = computeOrderId(intoBase)

describe('GET /v1.0/{net,dln}/order/{id}/cancel-tx', () => {
  let sim: TestSim
  beforeAll(async () => {
    sim = await startTestSim()
    for (const [orderId, order] of [
      [solanaId, intoSolana],
      [baseId, intoBase],
    ] as const) {
      sim.server.stats.recordOrder({
        orderId,
        maker: ADDR.maker,
        volumeUsd: 50,
        feesUsd: 0,
        executed: false,
        order,
      })
    }
  })
  afterAll(() => sim.server.close())

  test('default: an order into Solana gets the real dln_dst cancel ferry would build, on both paths', async () => {
    const answer = await sim.client.getOrderCancelTx(solanaId)
    expect(answer).toMatchObject({
      chainId: 7565164,
      from: authority.toBase58(),
      cancelBeneficiary: ADDR.other,
    })
    // deBridge's sending accounts load through its send lookup table (docs/dln.md §4.10).
    const table = simDlnSendTable()
    const lookupTables = new Map([[DLN_SEND_LOOKUP_TABLE, table.state.addresses]])
    const verified = verifySolanaCancelTx({
      txData: answer.data as Hex,
      orderId: solanaId,
      order: intoSolana,
      ourDstKey: authority.toBase58(),
      ourSrcAddress: ADDR.other,
      dlnDestination: SOLANA_PROGRAMS.dlnDestination,
      lookupTables,
      debridgeFee: {
        fixedFeeLamports: 15_000_000n,
        transferFeeBps: 0n,
        feeBeneficiary: SIM_DEBRIDGE_FEE_BENEFICIARY,
      },
    })
    expect(verified.feeLamports).toBe(15_000_000n)
    expect(verified.beneficiary).toBe(ADDR.other)
    const resolved = resolveSolanaMessage(answer.data as Hex, lookupTables)
    expect(resolved.problems).toEqual([])
    expect(resolved.tables.map((t) => t.table)).toEqual([DLN_SEND_LOOKUP_TABLE])
    // sendOrderCancel names every account of deBridge's sending group as its SDK derives it,
    // sent from dln_dst's shared sender, which prepareSend funds from the authority.
    const heads = resolved.instructions
      .slice(2)
      .map((ix) => Buffer.from(ix.data.subarray(0, 8)).toString('hex'))
    const { cancelOrder, prepareSend, sendOrderCancel } = DLN_DST_DISCRIMINATORS
    expect(heads).toEqual([cancelOrder, prepareSend, sendOrderCancel].map((d) => d.toString('hex')))
    expect(resolved.instructions[3]!.accounts[3]).toBe(authority.toBase58())
    const sending = debridgeSendingAccounts({
      sendFrom: authorizedDstNativeSenderAddress(SOLANA_PROGRAMS.dlnDestination).toBase58(),
      chainIdTo: 42161n,
      externalCall: claimCancelCalldata(solanaId, ADDR.other),
      feeBeneficiary: SIM_DEBRIDGE_FEE_BENEFICIARY,
    })
    const send = resolved.instructions.at(-1)!
    expect(send.accounts.slice(3)).toEqual(Object.values(sending))
    const onDln = await sim.get(`/v1.0/dln/order/${solanaId}/cancel-tx`)
    expect(onDln.status).toBe(200)
    // The simulator answers wrapped, as deBridge's docs show; the client reads the flat fields.
    expect(onDln.json).toEqual({ tx: answer })
  })

  test.each([
    ['a malformed id', '0x1234', 400, 'INVALID_QUERY_PARAMETERS'],
    ['an unknown order', `0x${'cd'.repeat(32)}`, 404, 'UNKNOWN_ORDER'],
    ['an order into an EVM chain', baseId, 400, 'CANCEL_TX_UNSUPPORTED'],
  ])('behavior: %s answers %i %s', async (_what, orderId, status, errorId) => {
    const answer = await sim.get(`/v1.0/net/order/${orderId}/cancel-tx`)
    expect(answer.status).toBe(status)
    expect(answer.json).toMatchObject({ errorId })
  })
})
