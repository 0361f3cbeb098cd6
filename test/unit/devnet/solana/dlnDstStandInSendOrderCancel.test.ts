// dln_dst's sendOrderCancel stand-in (docs/dln.md §4.12) over a plain account map.

import { describe, expect, test } from 'vitest'
import { computeOrderId } from '../../../../src/chains/orderId/computeOrderId.ts'
import { authorizedSrcContractAddress } from '../../../../src/chains/solana/buildDlnCancelTx.ts'
import { takeOrderStateAddress } from '../../../../src/chains/solana/takeOrderStateLayout.ts'
import { dlnDstStandIn } from '../../../../src/devnet/solana/standIn/dlnDst/dlnDstStandIn.ts'
import { readTakeOrderState } from '../../../../src/devnet/solana/standIn/dlnDst/readTakeOrderState.ts'
import {
  baseOrder,
  cancelIx,
  evmAttacker,
  evmMe,
  flatFee,
  hex,
  lamportsOf,
  me,
  other,
  program,
  sendIx,
  world,
} from './dlnDstStandInHarness.ts'

describe('dln_dst stand-in: sendOrderCancel', () => {
  test('charges the flat fee plus the execution fee into the bridge and moves to SentCancel', () => {
    const w = world()
    dlnDstStandIn.apply(w.ctx, cancelIx(baseOrder))
    const afterCancel = lamportsOf(w, me)
    const { ix: send, sending } = sendIx(baseOrder, evmMe, 1_000n)
    dlnDstStandIn.apply(w.ctx, send)
    expect(lamportsOf(w, me)).toBe(afterCancel - flatFee - 1_000n)
    expect(lamportsOf(w, sending.bridge!)).toBe(flatFee + 1_000n)
    const key = takeOrderStateAddress(program, computeOrderId(baseOrder)).toBase58()
    const state = readTakeOrderState(w.accounts.get(key)!.data)
    expect(state).toMatchObject({ status: 'SentCancel', key: me, sourceChainId: 42161n })
    expect(w.logs).toContain('Instruction: SendOrderCancel')
  })

  test('any EVM beneficiary is accepted when the order names none', () => {
    const w = world()
    dlnDstStandIn.apply(w.ctx, cancelIx(baseOrder))
    dlnDstStandIn.apply(w.ctx, sendIx(baseOrder, evmAttacker, 0n).ix)
    const key = takeOrderStateAddress(program, computeOrderId(baseOrder)).toBase58()
    expect(readTakeOrderState(w.accounts.get(key)!.data).status).toBe('SentCancel')
  })

  const allowed = { ...baseOrder, allowedCancelBeneficiarySrc: evmMe }
  test.each([
    [
      'a beneficiary other than the allowed one',
      allowed,
      () => sendIx(allowed, evmAttacker, 0n).ix,
      'NotAllowedCancelBeneficiary',
    ],
    [
      'a beneficiary that is not 20 bytes',
      baseOrder,
      () => sendIx(baseOrder, hex(me), 0n).ix,
      'WrongBeneficiarySize',
    ],
    [
      'another canceler',
      baseOrder,
      () => sendIx(baseOrder, evmMe, 0n, { canceler: other }).ix,
      'WrongSigner',
    ],
    [
      'a canceler that does not sign',
      baseOrder,
      () => sendIx(baseOrder, evmMe, 0n, { signer: false }).ix,
      'AccountNotSigner',
    ],
    [
      'a sendFrom that is not the canceler',
      baseOrder,
      () => sendIx(baseOrder, evmMe, 0n, { named: { 'sending.sendFrom': other } }).ix,
      'ConstraintAddress',
    ],
    [
      'the authorized source of another chain',
      baseOrder,
      () =>
        sendIx(baseOrder, evmMe, 0n, {
          named: { authorizedSrcContract: authorizedSrcContractAddress(program, 1n).toBase58() },
        }).ix,
      'WrongAuthorizedSrcContract',
    ],
    [
      'a fee account that is not deBridge’s bridge',
      baseOrder,
      () => sendIx(baseOrder, evmMe, 0n, { named: { 'sending.bridge': other } }).ix,
      'sending.bridge',
    ],
    [
      'a deBridge program that is not deBridge’s',
      baseOrder,
      () => sendIx(baseOrder, evmMe, 0n, { named: { 'sending.debridgeProgram': other } }).ix,
      'sending.debridgeProgram',
    ],
    [
      'an execution fee the canceler cannot pay',
      baseOrder,
      () => sendIx(baseOrder, evmMe, 10n ** 15n).ix,
      'insufficient lamports',
    ],
  ])('refuses %s and writes nothing', (_, order, make, code) => {
    const w = world()
    dlnDstStandIn.apply(w.ctx, cancelIx(order))
    const before = new Map(w.accounts)
    expect(() => dlnDstStandIn.apply(w.ctx, make())).toThrow(code)
    expect(w.accounts).toEqual(before)
  })

  test('refuses an order that is not cancelled, and a second send', () => {
    const w = world()
    expect(() => dlnDstStandIn.apply(w.ctx, sendIx(baseOrder, evmMe, 0n).ix)).toThrow(
      'AccountNotInitialized',
    )
    dlnDstStandIn.apply(w.ctx, cancelIx(baseOrder))
    dlnDstStandIn.apply(w.ctx, sendIx(baseOrder, evmMe, 0n).ix)
    expect(() => dlnDstStandIn.apply(w.ctx, sendIx(baseOrder, evmMe, 0n).ix)).toThrow('SentCancel')
  })

  test('refuses an instruction of dln_dst it does not model', () => {
    const w = world()
    const i = cancelIx(baseOrder)
    expect(() => dlnDstStandIn.apply(w.ctx, { ...i, data: new Uint8Array(16) })).toThrow(
      'InstructionFallbackNotFound',
    )
  })
})
