import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEventLogs,
  type TransactionReceipt,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { evmRevertAbi } from '../../../src/chains/evm/evmRevertAbi.ts'
import { gateFeeSplit, gateSendValueWei } from '../../../src/chains/evm/gateSendValueWei.ts'
import { readMessagingFee } from '../../../src/chains/evm/readMessagingFee.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder } from '../../../src/chains/orderId/dlnOrder.ts'
import { withExternalCallHash } from '../../../src/chains/orderId/withExternalCallHash.ts'
import { devnetMessengerAbi } from '../../../src/devnet/devnetMessengerAbi.ts'
import { type InstalledContracts, installContracts } from '../../../src/devnet/installContracts.ts'
import { type AnvilChain, startAnvil } from '../../../src/devnet/startAnvil.ts'

// Anvil's well-known unlocked accounts.
const USER: Address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const RELAYER: Address = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
const ARB = 42161
/** Gnosis: internal id 100000002, native id 100 (docs/dln.md §5). */
const GNOSIS = 100000002
const GLOBAL_FEE = 500_000_000_000_000n
/** The Gnosis gate's own fee for messages to Arbitrum: above the global one, with 50 bps. */
const ARB_FEE = { chainId: ARB, fixedNativeFeeWei: 2n * GLOBAL_FEE, transferFeeBps: 50 }

type Chain = {
  anvil: AnvilChain
  c: InstalledContracts
  pub: ReturnType<typeof createPublicClient>
  wallet: ReturnType<typeof createWalletClient>
}
type Call = {
  from: Address
  address: Address
  abi: Abi
  functionName: string
  args: readonly unknown[]
  value?: bigint
}

let arb: Chain
let gno: Chain
let salt = 1_767_225_600_000n

async function startChain(chainId: number, native: number): Promise<Chain> {
  const anvil = await startAnvil({ chainId: native })
  const c = await installContracts(anvil.rpcUrl, {
    chainId,
    relayer: RELAYER,
    messageFeeWei: GLOBAL_FEE,
    gateChainFees: [ARB_FEE],
  })
  const transport = http(anvil.rpcUrl)
  return {
    anvil,
    c,
    pub: createPublicClient({ transport, pollingInterval: 50 }),
    wallet: createWalletClient({ transport }),
  }
}

async function send(chain: Chain, call: Call): Promise<TransactionReceipt> {
  const hash = await chain.wallet.writeContract({ ...call, account: call.from, chain: null })
  const receipt = await chain.pub.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

async function revertName(chain: Chain, call: Call): Promise<string | undefined> {
  try {
    await chain.pub.simulateContract({
      ...call,
      abi: [...call.abi, ...evmRevertAbi],
      account: call.from,
    })
  } catch (error) {
    const reverted =
      error instanceof BaseError
        ? error.walk((e) => e instanceof ContractFunctionRevertedError)
        : undefined
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName
    throw error
  }
  throw new Error(`${call.functionName} did not revert`)
}

beforeAll(async () => {
  ;[arb, gno] = await Promise.all([startChain(ARB, ARB), startChain(GNOSIS, 100)])
  const usdc = arb.c.tokens.USDC.address
  await send(arb, {
    from: USER,
    address: usdc,
    abi: [
      ...erc20Abi,
      {
        type: 'function',
        name: 'mint',
        stateMutability: 'nonpayable',
        inputs: [
          { name: '', type: 'address' },
          { name: '', type: 'uint256' },
        ],
        outputs: [],
      },
    ],
    functionName: 'mint',
    args: [USER, 10n ** 12n],
  })
  await send(arb, {
    from: USER,
    address: usdc,
    abi: erc20Abi,
    functionName: 'approve',
    args: [arb.c.dlnSource, 2n ** 255n],
  })
}, 60_000)

afterAll(async () => {
  await Promise.all([arb?.anvil.stop(), gno?.anvil.stop()])
})

/** An order from Arbitrum into Gnosis, created on the Arbitrum DlnSource, optionally hooked. */
async function createOrder(externalCall: `0x${string}` = '0x'): Promise<DlnOrder> {
  const receipt = await send(arb, {
    from: USER,
    address: arb.c.dlnSource,
    abi: dlnSourceAbi,
    functionName: 'createSaltedOrder',
    args: [
      {
        giveTokenAddress: arb.c.tokens.USDC.address,
        giveAmount: 10_000_000n,
        takeTokenAddress: '0x0000000000000000000000000000000000000000',
        takeAmount: 9_000_000_000_000_000_000n,
        takeChainId: BigInt(GNOSIS),
        receiverDst: USER,
        givePatchAuthoritySrc: USER,
        orderAuthorityAddressDst: USER,
        allowedTakerDst: '0x',
        externalCall,
        allowedCancelBeneficiarySrc: '0x',
      },
      salt++,
      '0x',
      0,
      '0x',
      '0x',
    ],
    value: arb.c.fixedFeeWei,
  })
  const [log] = parseEventLogs({ abi: dlnSourceAbi, logs: receipt.logs, eventName: 'CreatedOrder' })
  return log!.args.order
}

describe('a devnet chain whose internal id is not its native id (Gnosis, docs/dln.md §5)', () => {
  test('behavior: the node is chain 100; DlnSource and DlnDestination answer getChainId() = 100000002; orders into it carry 100000002', async () => {
    expect(await gno.pub.getChainId()).toBe(100)
    const getChainId = {
      type: 'function',
      name: 'getChainId',
      stateMutability: 'view',
      inputs: [],
      outputs: [{ name: '', type: 'uint256' }],
    } as const
    for (const address of [gno.c.dlnSource, gno.c.dlnDestination]) {
      expect(
        await gno.pub.readContract({ address, abi: [getChainId], functionName: 'getChainId' }),
      ).toBe(BigInt(GNOSIS))
    }
    const order = await createOrder()
    expect(order.takeChainId).toBe(BigInt(GNOSIS))
  })

  test('behavior: patchOrderTake takes the hooked order with keccak256(hook) (getOrderIdWithExternalCallHash); the hook itself reverts WrongExternalCallHash; the native id reverts WrongChain', async () => {
    const order = await createOrder(`0x01${'ab'.repeat(80)}`)
    const patch = (o: DlnOrder): Call => ({
      from: USER,
      address: gno.c.dlnDestination,
      abi: dlnDestinationAbi,
      functionName: 'patchOrderTake',
      args: [o, 1_000n],
    })
    expect(await revertName(gno, patch(order))).toBe('WrongExternalCallHash')
    const native = withExternalCallHash({ ...order, takeChainId: 100n })
    expect(await revertName(gno, patch(native))).toBe('WrongChain')
    const receipt = await send(gno, patch(withExternalCallHash(order)))
    const [event] = parseEventLogs({
      abi: dlnDestinationAbi,
      logs: receipt.logs,
      eventName: 'DecreasedTakeAmount',
    })
    expect(event?.args.orderId).toBe(computeOrderId(order))
  })

  test('behavior: a cancel pays the gate’s per-chain fee and transfer fee; the old global fee + execution fee reverts TransferAmountNotCoverFees; the keeper gets all of its fee', async () => {
    const order = await createOrder()
    const { fees, messagingFeeWei } = await readMessagingFee(gno.pub, {
      dlnDestination: gno.c.dlnDestination,
      chainIdTo: order.giveChainId,
    })
    expect(fees).toMatchObject({
      globalFixedNativeFeeWei: GLOBAL_FEE,
      chainFixedNativeFeeWei: ARB_FEE.fixedNativeFeeWei,
      chainTransferFeeBps: 50,
    })
    expect(messagingFeeWei).toBe(ARB_FEE.fixedNativeFeeWei)
    const executionFee = 100_000_000_000_000n
    const cancel = (value: bigint): Call => ({
      from: USER,
      address: gno.c.dlnDestination,
      abi: dlnDestinationAbi,
      functionName: 'sendEvmOrderCancel',
      args: [order, USER, executionFee],
      value,
    })
    expect(await revertName(gno, cancel(GLOBAL_FEE + executionFee))).toBe(
      'TransferAmountNotCoverFees',
    )
    const value = gateSendValueWei(fees, executionFee)
    expect(gateFeeSplit(fees, value, executionFee)?.transferFeeWei).toBeGreaterThan(0n)
    const receipt = await send(gno, cancel(value))
    const [message] = parseEventLogs({
      abi: devnetMessengerAbi,
      logs: receipt.logs,
      eventName: 'MessageSent',
    })
    expect(message?.args).toMatchObject({ dstChainId: BigInt(ARB), executionFee })
  })
})
