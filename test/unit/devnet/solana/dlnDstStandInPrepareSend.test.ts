// dln_dst's prepareSend stand-in (docs/dln.md §4.12): what it requires of the transaction and of
// its accounts before it moves anything from the payer.

import { describe, expect, test } from 'vitest'
import { DLN_PREPARE_SEND_ACCOUNTS } from '../../../../src/chains/solana/dlnDstCancel.ts'
import { dlnDstStandIn } from '../../../../src/devnet/solana/standIn/dlnDst/dlnDstStandIn.ts'
import {
  baseOrder,
  cancelIx,
  evmMe,
  flatFee,
  lamportsOf,
  me,
  type Over,
  other,
  prepareIx,
  sendIx,
  setDebridgeSettings,
  world,
} from './dlnDstStandInHarness.ts'

const apply = dlnDstStandIn.apply.bind(dlnDstStandIn)

describe('dln_dst stand-in: prepareSend', () => {
  const send = sendIx(baseOrder, evmMe, 0n).ix
  test.each([
    ['no instruction after it', undefined, {}, 'WrongPrepareSendNextIxProgramId'],
    [
      'an instruction of another program after it',
      { ...send, programId: other },
      {},
      'WrongPrepareSendNextIxProgramId',
    ],
    [
      'another dln_dst instruction after it',
      cancelIx(baseOrder),
      {},
      'WrongPrepareSendNextIxDiscriminator',
    ],
    ['a payer that does not sign', send, { signer: false }, 'AccountNotSigner'],
    [
      'a sendFrom that is not dln_dst’s sender',
      send,
      { named: { sendFrom: me } },
      'ConstraintSeeds',
    ],
    [
      'a sendFromWallet that is not the sender’s wSOL wallet',
      send,
      { named: { sendFromWallet: other } },
      'ConstraintSeeds',
    ],
    ['another chain’s support info', send, { named: { chainSupportInfo: other } }, 'WrongChainId'],
    [
      'a debridgeState that is not deBridge’s state',
      send,
      { named: { debridgeState: other } },
      'ConstraintAddress',
    ],
    [
      'an instructions account that is not the sysvar',
      send,
      { named: { instructions: other } },
      'ConstraintAddress',
    ],
    ['another order’s take state', send, { named: { takeOrderState: other } }, 'WrongOrderId'],
  ] as const)('refuses %s and moves nothing', (_, next, over: Over, code) => {
    const w = world()
    apply(w.ctx, cancelIx(baseOrder))
    const before = new Map(w.accounts)
    const ctx = { ...w.ctx, next: next && { programId: next.programId, data: next.data } }
    expect(() => apply(ctx, prepareIx(baseOrder, over))).toThrow(code)
    expect(w.accounts).toEqual(before)
  })

  // deBridge's settings as its SDK's getFeesOrGlobal reads them (docs/dln.md §4.12).
  test.each([
    ['no deBridge state', { state: null }, 'debridgeState. Error Code: AccountNotInitialized'],
    ['a paused deBridge state', { state: { status: 'Paused' } }, 'StatePaused'],
    [
      'no chain support for the give chain',
      { chain: null },
      'chainSupportInfo. Error Code: AccountNotInitialized',
    ],
    [
      'a give chain deBridge does not support',
      { chain: { supported: false, bump: 255 } },
      'chainSupportInfo. Error Code: ChainNotSupported',
    ],
  ] as const)('refuses %s and moves nothing', (_, settings, code) => {
    const w = world()
    apply(w.ctx, cancelIx(baseOrder))
    setDebridgeSettings(w, settings)
    const before = new Map(w.accounts)
    const ctx = { ...w.ctx, next: { programId: send.programId, data: send.data } }
    expect(() => apply(ctx, prepareIx(baseOrder))).toThrow(code)
    expect(w.accounts).toEqual(before)
  })

  test('refuses a chain support account it cannot decode', () => {
    const w = world()
    apply(w.ctx, cancelIx(baseOrder))
    const key =
      prepareIx(baseOrder).accounts[DLN_PREPARE_SEND_ACCOUNTS.indexOf('chainSupportInfo')]!
    w.accounts.set(key.pubkey, { ...w.accounts.get(key.pubkey)!, data: new Uint8Array(9) })
    const ctx = { ...w.ctx, next: { programId: send.programId, data: send.data } }
    expect(() => apply(ctx, prepareIx(baseOrder))).toThrow('AccountDidNotDeserialize')
  })

  test('moves the chain’s own fixed fee and the execution fee grossed up by its transfer fee', () => {
    const w = world()
    apply(w.ctx, cancelIx(baseOrder))
    setDebridgeSettings(w, {
      chain: {
        supported: true,
        fixedFee: 20_000_000n,
        transferFeeBps: 10n,
        chainAddressLen: 20,
        bump: 255,
      },
    })
    const before = lamportsOf(w, me)
    const next = sendIx(baseOrder, evmMe, 1_000_000n).ix
    apply({ ...w.ctx, next: { programId: next.programId, data: next.data } }, prepareIx(baseOrder))
    // 1 000 000 × 10 000 / 9 990 = 1 001 001 (rounded down); rent 1 419 840 + 1 078 800.
    expect(before - lamportsOf(w, me)).toBe(20_000_000n + 1_001_001n + 2_498_640n)
  })

  test('refuses a payer who cannot pay what the send will spend', () => {
    const w = world(Number(flatFee) + 1_670_400 + 1_000)
    apply(w.ctx, cancelIx(baseOrder))
    const ctx = { ...w.ctx, next: { programId: send.programId, data: send.data } }
    expect(() => apply(ctx, prepareIx(baseOrder))).toThrow('insufficient lamports')
    expect(lamportsOf(w, me)).toBe(flatFee + 1_000n)
  })
})
