import {
  decodeFunctionData,
  type Hex,
  recoverTransactionAddress,
  serializeTransaction,
  toHex,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { orderTxResponseSchema } from '../../../src/api/schemas/orderQuote.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import { decodeOrderCalldata } from '../../../src/verify/decodeOrderCalldata.ts'
import { deriveOrder } from '../../../src/verify/deriveOrder.ts'
import { createTxJsonExample as example } from '../../fixtures/conformance/createTxJsonExample.ts'
import { ethereumCreateSaltedOrderTx as mainnet } from '../../fixtures/conformance/ethereumCreateSaltedOrderTx.ts'
import { readSdkAbi } from '../../helpers/readSdkAbi.ts'

// Real published transactions decoded with ferry's decoders, and with deBridge's SDK ABIs as a
// second opinion (docs/dln.md §10). Each fixture names its public source.
const user = '0x55a8f5cce1d53d9ff84ec0962882b447e5914db8'
const usdcArb = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const arb = '0x912ce59144191c1204e64559fe8253a0e49e6548'

describe("golden vector: deBridge's create-tx JSON example (docs/dln.md §1.3)", () => {
  test("default: ferry's strict tx schema accepts the answer as published", () => {
    expect(orderTxResponseSchema.safeParse(example).success).toBe(true)
  })

  test('default: the forwarder call and the inner createSaltedOrder decode to the documented fields', () => {
    expect(example.tx.to).toBe('0x663DC15D3C1aC63ff12E45Ab68FeA3F0a883C251')
    expect(example.tx.to.toLowerCase()).toBe(EVM_CONTRACTS.forwarder.toLowerCase())
    const call = decodeOrderCalldata(example.tx.data as Hex)
    expect(call.entry).toBe('strictlySwapAndCall')
    expect(call.swap?.tokenIn.toLowerCase()).toBe(arb)
    expect(call.swap?.amountIn.toString()).toBe(example.estimation.srcChainTokenIn.amount)
    expect(call.swap?.router).toBe('0x6131B5fae19EA4f9D964eAc0408E4408b66337b5')
    expect(call.swap?.swapCalldata.slice(0, 10)).toBe('0xe21fd0e9')
    expect(call.swap?.tokenOut.toLowerCase()).toBe(usdcArb)
    expect(call.swap?.expectedAmountOut.toString()).toBe(example.estimation.srcChainTokenOut.amount)
    expect(call.swap?.refundRecipient.toLowerCase()).toBe(user)
    expect(call.creation).toMatchObject({
      giveTokenAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      giveAmount: 336778910n,
      takeTokenAddress: '0x0000000000000000000000000000000000000000',
      takeChainId: 137n,
      receiverDst: user,
      orderAuthorityAddressDst: user,
      allowedTakerDst: '0x555ce236c0220695b68341bc48c68d52210cc35b',
      externalCall: '0x',
      allowedCancelBeneficiarySrc: '0x',
    })
    // The order takes exactly what the same answer's estimation promises.
    expect(call.creation.takeAmount.toString()).toBe(example.estimation.dstChainTokenOut.amount)
    expect(call.salt).toBe(BigInt(example.order.salt))
    expect(call.metadata).toBe(example.order.metadata)
    expect(call.referralCode).toBe(31805)
    expect(example.tx.value).toBe(example.fixFee)
  })

  test('default: the orderId ferry derives (maker = sender, 4 bps fee) is the published one', () => {
    const call = decodeOrderCalldata(example.tx.data as Hex)
    const order = deriveOrder(call, { sender: user, srcChainId: 42161, transferFeeBps: 4n })
    expect(order.giveAmount).toBe(336644199n)
    expect(computeOrderId(order)).toBe(example.orderId)
  })

  test("default: deBridge's SDK ABIs decode the same bytes to the same arguments", () => {
    const outer = decodeFunctionData({
      abi: readSdkAbi('CrosschainForwarder'),
      data: example.tx.data as Hex,
    })
    expect(outer.functionName).toBe('strictlySwapAndCall')
    const inner = decodeFunctionData({
      abi: readSdkAbi('DlnSource'),
      data: (outer.args as readonly unknown[])[9] as Hex,
    })
    const ours = decodeOrderCalldata(example.tx.data as Hex)
    expect(inner.functionName).toBe('createSaltedOrder')
    expect((inner.args as readonly unknown[])[0]).toEqual(ours.creation)
    expect((inner.args as readonly unknown[]).slice(1)).toEqual([
      ours.salt,
      ours.affiliateFee,
      ours.referralCode,
      ours.permitEnvelope,
      ours.metadata,
    ])
  })
})

describe('golden vector: a signed Ethereum mainnet createSaltedOrder', () => {
  const serialized = () =>
    serializeTransaction(
      {
        type: 'eip1559',
        chainId: mainnet.chainId,
        nonce: mainnet.nonce,
        gas: mainnet.gas,
        maxFeePerGas: mainnet.maxFeePerGas,
        maxPriorityFeePerGas: mainnet.maxPriorityFeePerGas,
        to: mainnet.to,
        value: mainnet.value,
        data: mainnet.input,
        accessList: [],
      },
      {
        r: toHex(mainnet.r, { size: 32 }),
        s: toHex(mainnet.s, { size: 32 }),
        yParity: mainnet.yParity,
      },
    )

  test('default: it is signed by the maker its own order names, and goes to DlnSource', async () => {
    const signer = await recoverTransactionAddress({ serializedTransaction: serialized() })
    const call = decodeOrderCalldata(mainnet.input)
    expect(signer.toLowerCase()).toBe(call.creation.receiverDst)
    expect(call.creation.givePatchAuthoritySrc).toBe(signer)
    expect(mainnet.to).toBe(EVM_CONTRACTS.dlnSource.toLowerCase())
  })

  test('default: ferry decodes a native order into BNB Chain whose value is give amount plus the 0.001 ETH flat fee', () => {
    const call = decodeOrderCalldata(mainnet.input)
    expect(call.entry).toBe('createSaltedOrder')
    expect(call.creation).toMatchObject({
      giveTokenAddress: '0x0000000000000000000000000000000000000000',
      giveAmount: 6_000_000_000_000_000n,
      takeTokenAddress: '0x0000000000000000000000000000000000000000',
      takeAmount: 19_568_740_495_272_246n,
      takeChainId: 56n,
      allowedTakerDst: '0x555ce236c0220695b68341bc48c68d52210cc35b',
      externalCall: '0x',
    })
    expect(mainnet.value - call.creation.giveAmount).toBe(1_000_000_000_000_000n)
    expect([call.salt, call.referralCode, call.affiliateFee]).toEqual([1760586987668n, 27779, '0x'])
    const sdk = decodeFunctionData({ abi: readSdkAbi('DlnSource'), data: mainnet.input })
    expect((sdk.args as readonly unknown[])[0]).toEqual(call.creation)
  })
})
