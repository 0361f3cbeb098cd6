import { BorshAccountsCoder } from '@coral-xyz/anchor'
import { Keypair, PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { CHAINS, SOLANA_PROGRAMS } from '../../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../../src/chains/orderId/dlnOrder.ts'
import { authorizedSrcContractAddress } from '../../../../src/chains/solana/buildDlnCancelTx.ts'
import {
  claimCancelCalldata,
  debridgeSendingAccounts,
} from '../../../../src/chains/solana/debridgeSendingAccounts.ts'
import {
  DLN_CANCEL_ORDER_ACCOUNTS,
  DLN_SEND_ORDER_CANCEL_ACCOUNTS,
  encodeDlnCancelOrder,
  encodeDlnSendOrderCancel,
  toDlnSolanaOrder,
} from '../../../../src/chains/solana/dlnDstCancel.ts'
import {
  TAKE_ORDER_STATE_RENT_LAMPORTS,
  TAKE_ORDER_STATE_SPACE,
  takeOrderStateAddress,
} from '../../../../src/chains/solana/takeOrderStateLayout.ts'
import { dlnDstStandIn } from '../../../../src/devnet/solana/standIn/dlnDst/dlnDstStandIn.ts'
import { readTakeOrderState } from '../../../../src/devnet/solana/standIn/dlnDst/readTakeOrderState.ts'
import type {
  StandInAccount,
  StandInContext,
  StandInInstruction,
} from '../../../../src/devnet/solana/standIn/StandInProgram.ts'
import { dlnDstIdl } from '../../../helpers/dlnSolanaIdls.ts'

// dln_dst's cancelOrder + sendOrderCancel stand-in (docs/dln.md §4.12) over a plain account map.

const program = SOLANA_PROGRAMS.dlnDestination
const me = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey.toBase58()
const other = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey.toBase58()
const evmMe: Hex = '0x2222222222222222222222222222222222222222'
const evmAttacker: Hex = '0x6666666666666666666666666666666666666666'
const hex = (key: string): Hex => `0x${Buffer.from(new PublicKey(key).toBytes()).toString('hex')}`
const flatFee = CHAINS[7565164].fixedFeeFallback ?? 0n

const baseOrder: DlnOrder = {
  makerOrderNonce: 1n,
  makerSrc: evmMe,
  giveChainId: 42161n,
  giveTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  giveAmount: 100_000_000n,
  takeChainId: 7565164n,
  takeTokenAddress: hex('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
  takeAmount: 99_000_000n,
  receiverDst: hex(me),
  givePatchAuthoritySrc: evmMe,
  orderAuthorityAddressDst: hex(me),
  allowedTakerDst: '0x',
  allowedCancelBeneficiarySrc: '0x',
  externalCall: '0x',
}

function world(lamports = 1_000_000_000) {
  const accounts = new Map<string, StandInAccount>()
  const logs: string[] = []
  const ctx: StandInContext = {
    get: (k) => accounts.get(k),
    set: (k, a) => void accounts.set(k, a),
    log: (l) => void logs.push(l),
    slot: 1,
  }
  const wallet = (key: string) =>
    accounts.set(key, {
      lamports,
      data: new Uint8Array(0),
      owner: new PublicKey('11111111111111111111111111111111'),
      executable: false,
      rentEpoch: 0,
    })
  wallet(me)
  wallet(other)
  return { accounts, logs, ctx }
}

type Over = { canceler?: string; signer?: boolean; named?: Record<string, string> }

function cancelIx(order: DlnOrder, orderId: Hex = computeOrderId(order), o: Over = {}) {
  const canceler = o.canceler ?? me
  const named: Record<string, string> = {
    takeOrderState: takeOrderStateAddress(program, orderId).toBase58(),
    authorizedSrcContract: authorizedSrcContractAddress(program, order.giveChainId).toBase58(),
    canceler,
    systemProgram: '11111111111111111111111111111111',
    ...o.named,
  }
  return ix(
    DLN_CANCEL_ORDER_ACCOUNTS,
    named,
    canceler,
    o.signer ?? true,
    encodeDlnCancelOrder({
      unvalidatedOrder: toDlnSolanaOrder(order),
      orderId,
    }),
  )
}

function sendIx(order: DlnOrder, beneficiary: Hex, executionFee: bigint, o: Over = {}) {
  const canceler = o.canceler ?? me
  const orderId = computeOrderId(order)
  const sending = debridgeSendingAccounts({
    sendFrom: canceler,
    chainIdTo: order.giveChainId,
    externalCall: claimCancelCalldata(orderId, beneficiary),
    feeBeneficiary: other,
  })
  const named: Record<string, string> = {
    takeOrderState: takeOrderStateAddress(program, orderId).toBase58(),
    canceler,
    authorizedSrcContract: authorizedSrcContractAddress(program, order.giveChainId).toBase58(),
    ...Object.fromEntries(Object.entries(sending).map(([k, v]) => [`sending.${k}`, v])),
    ...o.named,
  }
  const data = encodeDlnSendOrderCancel({ orderId, cancelBeneficiary: beneficiary, executionFee })
  return {
    ix: ix(DLN_SEND_ORDER_CANCEL_ACCOUNTS, named, canceler, o.signer ?? true, data),
    sending,
  }
}

function ix(
  names: readonly string[],
  named: Record<string, string>,
  signer: string,
  signs: boolean,
  data: Buffer,
): StandInInstruction {
  return {
    programId: program,
    accounts: names.map((n) => ({
      pubkey: named[n]!,
      isSigner: signs && named[n] === signer,
      isWritable: true,
    })),
    data,
  }
}

const lamportsOf = (w: ReturnType<typeof world>, key: string): bigint =>
  BigInt(w.accounts.get(key)?.lamports ?? 0)

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
