import { BN, BorshAccountsCoder } from '@coral-xyz/anchor'
import { Keypair, type PublicKey } from '@solana/web3.js'
import { bytesToHex, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  DLN_CANCEL_ORDER_ACCOUNTS,
  DLN_PREPARE_SEND_ACCOUNTS,
  DLN_SEND_ORDER_CANCEL_ACCOUNTS,
  type DlnCancelOrder,
  type DlnSendOrderCancel,
  decodeDlnCancelOrderArgs,
  decodeDlnSendOrderCancelArgs,
  encodeDlnCancelOrder,
  encodeDlnPrepareSend,
  encodeDlnSendOrderCancel,
} from '../../../../src/chains/solana/dlnDstCancel.ts'
import {
  DLN_CREATE_ORDER_ACCOUNTS,
  type DlnCreateOrder,
  type DlnSolanaOffer,
  decodeDlnCreateOrderArgs,
  encodeDlnCreateOrder,
} from '../../../../src/chains/solana/dlnSrcCreateOrder.ts'
import { encodeTakeOrderState } from '../../../../src/chains/solana/takeOrderStateLayout.ts'
import { dlnDstIdl, dlnIdlCoders, dlnSrcIdl } from '../../../helpers/dlnSolanaIdls.ts'

// Conformance (docs/dln.md §4.10): every dln_src/dln_dst instruction ferry decodes or builds
// round-trips through deBridge's own IDL coder: ferry encodes, Anchor decodes and re-encodes the
// same bytes; Anchor encodes, ferry decodes the same values.

const { src, dst } = dlnIdlCoders()
const key = (seed: number): PublicKey => Keypair.fromSeed(new Uint8Array(32).fill(seed)).publicKey
const u256 = (v: bigint): number[] => [...Buffer.from(v.toString(16).padStart(64, '0'), 'hex')]
const buf = (h: Hex): Buffer => Buffer.from(h.slice(2), 'hex')
const anchorOffer = (o: DlnSolanaOffer) => ({
  chainId: u256(o.chainId),
  tokenAddress: buf(o.tokenAddress),
  amount: u256(o.amount),
})
const toAnchorCreate = (p: DlnCreateOrder) => ({
  orderArgs: {
    giveOriginalAmount: new BN(p.orderArgs.giveOriginalAmount.toString()),
    take: anchorOffer(p.orderArgs.take),
    receiverDst: buf(p.orderArgs.receiverDst),
    externalCall: p.orderArgs.externalCall ? buf(p.orderArgs.externalCall) : null,
    givePatchAuthoritySrc: p.orderArgs.givePatchAuthoritySrc,
    allowedCancelBeneficiarySrc: p.orderArgs.allowedCancelBeneficiarySrc ?? null,
    orderAuthorityAddressDst: buf(p.orderArgs.orderAuthorityAddressDst),
    allowedTakerDst: p.orderArgs.allowedTakerDst ? buf(p.orderArgs.allowedTakerDst) : null,
  },
  affiliateFee: p.affiliateFee
    ? { beneficiary: p.affiliateFee.beneficiary, amount: new BN(p.affiliateFee.amount.toString()) }
    : null,
  referralCode: p.referralCode ?? null,
  ...(p.instruction === 'createOrderWithNonce'
    ? { nonce: new BN(p.nonce!.toString()), metadata: buf(p.metadata!) }
    : {}),
})

const evmReceiver: Hex = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const createWithNonce: DlnCreateOrder = {
  instruction: 'createOrderWithNonce',
  orderArgs: {
    giveOriginalAmount: 1_234_222_231n,
    take: {
      chainId: 42161n,
      tokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      amount: 1_230_000_000n,
    },
    receiverDst: evmReceiver,
    externalCall: undefined,
    givePatchAuthoritySrc: key(1),
    allowedCancelBeneficiarySrc: key(2),
    orderAuthorityAddressDst: evmReceiver,
    allowedTakerDst: undefined,
  },
  affiliateFee: { beneficiary: key(3), amount: 1_000n },
  referralCode: 31_805,
  nonce: 1_737_321_940_254n,
  metadata: '0x0102',
}
const createPlain: DlnCreateOrder = {
  ...createWithNonce,
  instruction: 'createOrder',
  orderArgs: {
    ...createWithNonce.orderArgs,
    externalCall: '0xdeadbeef',
    allowedCancelBeneficiarySrc: undefined,
    allowedTakerDst: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  },
  affiliateFee: undefined,
  referralCode: undefined,
  nonce: undefined,
  metadata: undefined,
}

describe('dln_src order instructions against deBridge’s IDL coder', () => {
  for (const p of [createWithNonce, createPlain]) {
    it(`${p.instruction}: ferry's bytes decode and re-encode identically through Anchor`, () => {
      const data = encodeDlnCreateOrder(p)
      const decoded = src.decode(data)
      expect(decoded?.name).toBe(p.instruction)
      const again = src.encode(p.instruction, decoded!.data)
      expect(bytesToHex(again)).toBe(bytesToHex(data))
      const args = decoded!.data as ReturnType<typeof toAnchorCreate>
      expect(args.orderArgs.giveOriginalAmount.toString()).toBe(
        p.orderArgs.giveOriginalAmount.toString(),
      )
      expect(args.referralCode ?? undefined).toBe(p.referralCode)
    })
    it(`${p.instruction}: Anchor's bytes decode to the same values in ferry`, () => {
      const data = src.encode(p.instruction, toAnchorCreate(p))
      expect(decodeDlnCreateOrderArgs(p.instruction, data.subarray(8))).toEqual(p)
      expect(bytesToHex(encodeDlnCreateOrder(p))).toBe(bytesToHex(data))
    })
  }
  it('names the accounts as the IDLs do', () => {
    const idl = dlnSrcIdl()
    for (const name of ['createOrder', 'createOrderWithNonce']) {
      const ix = idl.instructions.find((i) => i.name === name)!
      expect(ix.accounts.map((a) => a.name)).toEqual([...DLN_CREATE_ORDER_ACCOUNTS])
    }
  })
})

const order = {
  makerOrderNonce: 1_737_321_940_254n,
  makerSrc: evmReceiver,
  give: {
    chainId: 42161n,
    tokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
    amount: 10n ** 9n,
  },
  take: { chainId: 7565164n, tokenAddress: bytesToHex(key(4).toBytes()), amount: 999_000n },
  receiverDst: bytesToHex(key(5).toBytes()),
  givePatchAuthoritySrc: evmReceiver,
  orderAuthorityAddressDst: bytesToHex(key(6).toBytes()),
  allowedTakerDst: undefined,
  allowedCancelBeneficiarySrc: evmReceiver,
  externalCallShortcut: `0x${'ab'.repeat(32)}`,
} satisfies DlnCancelOrder['unvalidatedOrder']
const cancel: DlnCancelOrder = { unvalidatedOrder: order, orderId: `0x${'cd'.repeat(32)}` }
const send: DlnSendOrderCancel = {
  orderId: cancel.orderId,
  cancelBeneficiary: evmReceiver,
  executionFee: 0n,
}
const anchorOrder = () => ({
  makerOrderNonce: new BN(order.makerOrderNonce.toString()),
  makerSrc: buf(order.makerSrc),
  give: anchorOffer(order.give as DlnSolanaOffer),
  take: anchorOffer(order.take as DlnSolanaOffer),
  receiverDst: buf(order.receiverDst),
  givePatchAuthoritySrc: buf(order.givePatchAuthoritySrc),
  orderAuthorityAddressDst: buf(order.orderAuthorityAddressDst),
  allowedTakerDst: null,
  allowedCancelBeneficiarySrc: buf(order.allowedCancelBeneficiarySrc),
  externalCall: { externalCallShortcut: [...buf(order.externalCallShortcut)] },
})

describe('dln_dst cancel instructions against deBridge’s IDL coder', () => {
  it('cancelOrder: ferry ↔ Anchor, both ways, byte for byte', () => {
    const data = encodeDlnCancelOrder(cancel)
    const decoded = dst.decode(data)
    expect(decoded?.name).toBe('cancelOrder')
    expect(bytesToHex(dst.encode('cancelOrder', decoded!.data))).toBe(bytesToHex(data))
    const theirs = dst.encode('cancelOrder', {
      unvalidatedOrder: anchorOrder(),
      orderId: [...buf(cancel.orderId)],
    })
    expect(bytesToHex(theirs)).toBe(bytesToHex(data))
    expect(decodeDlnCancelOrderArgs(theirs.subarray(8))).toEqual(cancel)
  })
  it('sendOrderCancel: ferry ↔ Anchor, both ways, byte for byte', () => {
    const data = encodeDlnSendOrderCancel(send)
    expect(dst.decode(data)?.name).toBe('sendOrderCancel')
    const theirs = dst.encode('sendOrderCancel', {
      orderId: [...buf(send.orderId)],
      cancelBeneficiary: buf(send.cancelBeneficiary),
      executionFee: new BN(0),
    })
    expect(bytesToHex(theirs)).toBe(bytesToHex(data))
    expect(decodeDlnSendOrderCancelArgs(theirs.subarray(8))).toEqual(send)
  })
  it('prepareSend: ferry ↔ Anchor, both ways, byte for byte (no arguments)', () => {
    const data = encodeDlnPrepareSend()
    expect(dst.decode(data)?.name).toBe('prepareSend')
    expect(bytesToHex(dst.encode('prepareSend', {}))).toBe(bytesToHex(data))
  })
  it('names the accounts as the IDL does (sending.* flattened)', () => {
    const idl = dlnDstIdl()
    type Acc = { name: string; accounts?: Acc[] }
    const flat = (a: Acc[], p = ''): string[] =>
      a.flatMap((x) => (x.accounts ? flat(x.accounts, `${p}${x.name}.`) : [`${p}${x.name}`]))
    const names = (n: string) => flat(idl.instructions.find((i) => i.name === n)!.accounts as Acc[])
    expect(names('cancelOrder')).toEqual([...DLN_CANCEL_ORDER_ACCOUNTS])
    expect(names('prepareSend')).toEqual([...DLN_PREPARE_SEND_ACCOUNTS])
    expect(names('sendOrderCancel')).toEqual([...DLN_SEND_ORDER_CANCEL_ACCOUNTS])
  })
})

describe('the take-order state the devnet writes, against deBridge’s IDL account coder', () => {
  const accounts = new BorshAccountsCoder(dlnDstIdl())
  const authority = key(8)
  for (const status of ['Fulfilled', 'SentCancel', 'Cancelled'] as const) {
    it(`${status} decodes through Anchor with its variant's fields`, () => {
      const data = encodeTakeOrderState({
        status,
        unlockAuthority: authority,
        orderId: cancel.orderId,
        sourceChainId: 42161,
        bump: 254,
      })
      const decoded = accounts.decode('takeOrderState', data)
      const variant = decoded.orderState[status.charAt(0).toLowerCase() + status.slice(1)]
      expect(variant).toBeDefined()
      const who = variant.unlockAuthority ?? variant.canceler
      expect((who as PublicKey).toBase58()).toBe(authority.toBase58())
      if (status === 'Fulfilled')
        expect(Buffer.from(variant.orderId).toString('hex')).toBe('cd'.repeat(32))
      expect(Buffer.from(decoded.sourceChainId).readBigUInt64BE(24)).toBe(42161n)
      expect(decoded.bump).toBe(254)
    })
  }
})
