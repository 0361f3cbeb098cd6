// dln_dst's prepareSend + sendOrderCancel stand-in (docs/dln.md §4.12) over a plain account map.

import { describe, expect, test } from 'vitest'
import { computeOrderId } from '../../../../src/chains/orderId/computeOrderId.ts'
import { authorizedSrcContractAddress } from '../../../../src/chains/solana/buildDlnCancelTx.ts'
import {
  DEBRIDGE_SOLANA_PROGRAMS,
  debridgeSendRentLamports,
} from '../../../../src/chains/solana/debridgeSendingAccounts.ts'
import { takeOrderStateAddress } from '../../../../src/chains/solana/takeOrderStateLayout.ts'
import { dlnDstStandIn } from '../../../../src/devnet/solana/standIn/dlnDst/dlnDstStandIn.ts'
import { readTakeOrderState } from '../../../../src/devnet/solana/standIn/dlnDst/readTakeOrderState.ts'
import type { StandInInstruction } from '../../../../src/devnet/solana/standIn/StandInProgram.ts'
import {
  applyPair,
  baseOrder,
  cancelIx,
  evmAttacker,
  evmMe,
  flatFee,
  hex,
  lamportsOf,
  me,
  other,
  prepareIx,
  program,
  sender,
  senderBaseLamports,
  sendIx,
  setDebridgeSettings,
  world,
} from './dlnDstStandInHarness.ts'

const apply = dlnDstStandIn.apply.bind(dlnDstStandIn)
const sendRent = debridgeSendRentLamports(68)
const send = (w: ReturnType<typeof world>, order = baseOrder, next?: StandInInstruction) =>
  applyPair(w, apply, prepareIx(order), next ?? sendIx(order, evmMe, 0n).ix)

describe('dln_dst stand-in: prepareSend then sendOrderCancel', () => {
  test('the canceler pays fees and rent through dln_dst’s sender; the state becomes SentCancel', () => {
    const w = world()
    apply(w.ctx, cancelIx(baseOrder))
    const afterCancel = lamportsOf(w, me)
    const { ix, sending } = sendIx(baseOrder, evmMe, 1_000n)
    send(w, baseOrder, ix)
    expect(lamportsOf(w, me)).toBe(afterCancel - flatFee - 1_000n - sendRent)
    expect(lamportsOf(w, sending.bridge!)).toBe(flatFee + 1_000n)
    // The sender spends exactly what prepareSend gave it.
    expect(lamportsOf(w, sender)).toBe(BigInt(senderBaseLamports))
    const storage = w.accounts.get(sending.externalCallStorage!)!
    const meta = w.accounts.get(sending.externalCallMeta!)!
    expect([storage.data.length, meta.data.length]).toEqual([76, 27])
    expect(BigInt(storage.lamports + meta.lamports)).toBe(sendRent)
    expect(storage.owner.toBase58()).toBe(DEBRIDGE_SOLANA_PROGRAMS.debridge)
    const key = takeOrderStateAddress(program, computeOrderId(baseOrder)).toBase58()
    const state = readTakeOrderState(w.accounts.get(key)!.data)
    expect(state).toMatchObject({ status: 'SentCancel', key: me, sourceChainId: 42161n })
    expect(w.logs).toEqual(expect.arrayContaining(['Instruction: PrepareSend']))
    expect(w.logs).toContain('Instruction: SendOrderCancel')
  })

  // deBridge's SDK getFeesOrGlobal: the chain's own fee, else the global one (docs/dln.md §4.12).
  test.each([
    [
      'the chain’s own fixed fee and transfer fee',
      {
        chain: {
          supported: true,
          fixedFee: 20_000_000n,
          transferFeeBps: 10n,
          chainAddressLen: 20,
          bump: 255,
        },
      },
      20_000_000n + 1_001_001n, // 1 000 000 × 10 000 / 9 990, rounded down
    ],
    [
      'the global fees where the chain has none',
      { state: { globalFixedFee: 12_000_000n, globalTransferFeeBps: 50n } },
      12_000_000n + 1_005_025n, // 1 000 000 × 10 000 / 9 950, rounded down
    ],
  ] as const)('charges %s, the execution fee grossed up', (_, settings, fee) => {
    const w = world()
    apply(w.ctx, cancelIx(baseOrder))
    setDebridgeSettings(w, settings)
    const afterCancel = lamportsOf(w, me)
    const { ix, sending } = sendIx(baseOrder, evmMe, 1_000_000n)
    send(w, baseOrder, ix)
    expect(lamportsOf(w, sending.bridge!)).toBe(fee)
    expect(lamportsOf(w, me)).toBe(afterCancel - fee - sendRent)
    expect(lamportsOf(w, sender)).toBe(BigInt(senderBaseLamports))
  })

  test('any EVM beneficiary is accepted when the order names none', () => {
    const w = world()
    apply(w.ctx, cancelIx(baseOrder))
    send(w, baseOrder, sendIx(baseOrder, evmAttacker, 0n).ix)
    const key = takeOrderStateAddress(program, computeOrderId(baseOrder)).toBase58()
    expect(readTakeOrderState(w.accounts.get(key)!.data).status).toBe('SentCancel')
  })

  test('a send without prepareSend fails: dln_dst’s sender cannot pay', () => {
    const w = world()
    apply(w.ctx, cancelIx(baseOrder))
    expect(() => apply(w.ctx, sendIx(baseOrder, evmMe, 0n).ix)).toThrow('insufficient lamports')
  })

  const allowed = { ...baseOrder, allowedCancelBeneficiarySrc: evmMe }
  test.each([
    [
      'a beneficiary other than the allowed one',
      allowed,
      evmAttacker,
      {},
      'NotAllowedCancelBeneficiary',
    ],
    ['a beneficiary that is not 20 bytes', baseOrder, hex(me), {}, 'WrongBeneficiarySize'],
    ['another canceler', baseOrder, evmMe, { canceler: other }, 'WrongSigner'],
    ['a canceler that does not sign', baseOrder, evmMe, { signer: false }, 'AccountNotSigner'],
    [
      'a sendFrom that is not dln_dst’s sender',
      baseOrder,
      evmMe,
      { named: { 'sending.sendFrom': me } },
      'ConstraintSeeds',
    ],
    [
      'the authorized source of another chain',
      baseOrder,
      evmMe,
      { named: { authorizedSrcContract: authorizedSrcContractAddress(program, 1n).toBase58() } },
      'WrongAuthorizedSrcContract',
    ],
    [
      'a fee account that is not deBridge’s bridge',
      baseOrder,
      evmMe,
      { named: { 'sending.bridge': other } },
      'sending.bridge',
    ],
    [
      'a fee beneficiary that is not the one deBridge’s state names',
      baseOrder,
      evmMe,
      { named: { 'sending.feeBeneficiary': other } },
      'sending.feeBeneficiary. Error Code: WrongFeeBeneficiaryWallet',
    ],
    [
      'a deBridge program that is not deBridge’s',
      baseOrder,
      evmMe,
      { named: { 'sending.debridgeProgram': other } },
      'sending.debridgeProgram',
    ],
  ] as const)('sendOrderCancel refuses %s and writes nothing', (_, order, to, over, code) => {
    const w = world()
    apply(w.ctx, cancelIx(order))
    // The sender as prepareSend would leave it, so only the send's own checks decide.
    w.accounts.set(sender, {
      ...w.accounts.get(sender)!,
      lamports: senderBaseLamports + Number(flatFee + sendRent),
    })
    const before = new Map(w.accounts)
    expect(() => apply(w.ctx, sendIx(order, to, 0n, over).ix)).toThrow(code)
    expect(w.accounts).toEqual(before)
  })

  test.each([
    ['no deBridge state', { state: null }, 'sending.state. Error Code: AccountNotInitialized'],
    ['a paused deBridge state', { state: { status: 'Paused' } }, 'StatePaused'],
    [
      'a give chain deBridge does not support',
      { chain: { supported: false, bump: 255 } },
      'sending.chainSupportInfo. Error Code: ChainNotSupported',
    ],
  ] as const)('sendOrderCancel refuses %s and writes nothing', (_, settings, code) => {
    const w = world()
    apply(w.ctx, cancelIx(baseOrder))
    w.accounts.set(sender, {
      ...w.accounts.get(sender)!,
      lamports: senderBaseLamports + Number(flatFee + sendRent),
    })
    setDebridgeSettings(w, settings)
    const before = new Map(w.accounts)
    expect(() => apply(w.ctx, sendIx(baseOrder, evmMe, 0n).ix)).toThrow(code)
    expect(w.accounts).toEqual(before)
  })

  test('refuses an order that is not cancelled, and a second send', () => {
    const w = world()
    expect(() => send(w)).toThrow('AccountNotInitialized')
    apply(w.ctx, cancelIx(baseOrder))
    send(w)
    expect(() => send(w)).toThrow('SentCancel')
  })

  test('refuses an instruction of dln_dst it does not model', () => {
    const w = world()
    const i = cancelIx(baseOrder)
    expect(() => apply(w.ctx, { ...i, data: new Uint8Array(16) })).toThrow(
      'InstructionFallbackNotFound',
    )
  })
})
