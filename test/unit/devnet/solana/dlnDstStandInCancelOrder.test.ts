// dln_dst's cancelOrder stand-in (docs/dln.md §4.12) over a plain account map.

import { BorshAccountsCoder } from '@coral-xyz/anchor'
import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { computeOrderId } from '../../../../src/chains/orderId/computeOrderId.ts'
import { authorizedSrcContractAddress } from '../../../../src/chains/solana/buildDlnCancelTx.ts'
import {
  TAKE_ORDER_STATE_RENT_LAMPORTS,
  TAKE_ORDER_STATE_SPACE,
  takeOrderStateAddress,
} from '../../../../src/chains/solana/takeOrderStateLayout.ts'
import { dlnDstStandIn } from '../../../../src/devnet/solana/standIn/dlnDst/dlnDstStandIn.ts'
import { readTakeOrderState } from '../../../../src/devnet/solana/standIn/dlnDst/readTakeOrderState.ts'
import { dlnDstIdl } from '../../../helpers/dlnSolanaIdls.ts'
import {
  baseOrder,
  cancelIx,
  evmMe,
  lamportsOf,
  me,
  other,
  program,
  world,
} from './dlnDstStandInHarness.ts'

describe('dln_dst stand-in: cancelOrder', () => {
  test('creates the take state Cancelled by the canceler, its rent paid by the canceler', () => {
    const w = world()
    const order = { ...baseOrder, allowedCancelBeneficiarySrc: evmMe }
    dlnDstStandIn.apply(w.ctx, cancelIx(order))
    const key = takeOrderStateAddress(program, computeOrderId(order)).toBase58()
    const state = w.accounts.get(key)!
    expect(state.owner.toBase58()).toBe(program)
    expect(state.data.length).toBe(TAKE_ORDER_STATE_SPACE)
    expect(BigInt(state.lamports)).toBe(TAKE_ORDER_STATE_RENT_LAMPORTS)
    expect(lamportsOf(w, me)).toBe(1_000_000_000n - TAKE_ORDER_STATE_RENT_LAMPORTS)
    expect(readTakeOrderState(state.data)).toEqual({
      status: 'Cancelled',
      key: me,
      allowedCancelBeneficiarySrc: evmMe,
      sourceChainId: 42161n,
    })
    expect(w.logs).toContain('Instruction: CancelOrder')
    // The account as written decodes through deBridge's own IDL account coder.
    const decoded = new BorshAccountsCoder(dlnDstIdl()).decode(
      'takeOrderState',
      Buffer.from(state.data),
    )
    expect(decoded.orderState.cancelled.canceler.toBase58()).toBe(me)
    expect(
      Buffer.from(decoded.orderState.cancelled.allowedCancelBeneficiarySrc).toString('hex'),
    ).toBe(evmMe.slice(2))
  })

  test('an order with a hook is cancelled by its keccak256 shortcut', () => {
    const w = world()
    const order = { ...baseOrder, externalCall: '0x0102' as Hex }
    dlnDstStandIn.apply(w.ctx, cancelIx(order))
    const key = takeOrderStateAddress(program, computeOrderId(order)).toBase58()
    expect(readTakeOrderState(w.accounts.get(key)!.data).status).toBe('Cancelled')
  })

  test.each([
    [
      'an id that is not the order’s',
      () => cancelIx(baseOrder, `0x${'ab'.repeat(32)}`),
      'WrongOrderId',
    ],
    [
      'a canceler that is not the order authority',
      () => cancelIx(baseOrder, undefined, { canceler: other }),
      'WrongSigner',
    ],
    [
      'a canceler that does not sign',
      () => cancelIx(baseOrder, undefined, { signer: false }),
      'AccountNotSigner',
    ],
    [
      'another take-state account',
      () => cancelIx(baseOrder, undefined, { named: { takeOrderState: other } }),
      'ConstraintSeeds',
    ],
    [
      'the authorized source of another chain',
      () =>
        cancelIx(baseOrder, undefined, {
          named: { authorizedSrcContract: authorizedSrcContractAddress(program, 1n).toBase58() },
        }),
      'ConstraintSeeds',
    ],
    [
      'an order into another chain',
      () => cancelIx({ ...baseOrder, takeChainId: 8453n }),
      'WrongChainId',
    ],
    [
      'fewer accounts than named',
      () => ({ ...cancelIx(baseOrder), accounts: [] }),
      'AccountNotEnoughKeys',
    ],
    [
      'truncated arguments',
      () => {
        const i = cancelIx(baseOrder)
        return { ...i, data: i.data.subarray(0, 40) }
      },
      'InstructionDidNotDeserialize',
    ],
  ])('refuses %s and writes nothing', (_, make, code) => {
    const w = world()
    const before = new Map(w.accounts)
    expect(() => dlnDstStandIn.apply(w.ctx, make())).toThrow(code)
    expect(w.accounts).toEqual(before)
  })

  test('refuses an order already filled or cancelled (the take state exists)', () => {
    const w = world()
    dlnDstStandIn.apply(w.ctx, cancelIx(baseOrder))
    expect(() => dlnDstStandIn.apply(w.ctx, cancelIx(baseOrder))).toThrow('already in use')
  })

  test('refuses a canceler who cannot pay the rent', () => {
    const w = world(1_000)
    expect(() => dlnDstStandIn.apply(w.ctx, cancelIx(baseOrder))).toThrow('insufficient lamports')
  })
})
