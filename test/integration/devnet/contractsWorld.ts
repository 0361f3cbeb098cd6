/**
 * The shared world of the devnet contract tests: two anvils (Arbitrum, Base) with the DLN
 * contracts installed, and the calls the tests make against them.
 */
import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEventLogs,
  type TransactionReceipt,
} from 'viem'
import { afterAll, beforeAll, expect } from 'vitest'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { computeOrderId } from '../../../src/chains/orderId/computeOrderId.ts'
import type { DlnOrder, DlnOrderCreation } from '../../../src/chains/orderId/dlnOrder.ts'
import {
  type ContractArtifacts,
  loadContractArtifacts,
} from '../../../src/devnet/compileContracts.ts'
import { devnetMessengerAbi } from '../../../src/devnet/devnetMessengerAbi.ts'
import { type InstalledContracts, installContracts } from '../../../src/devnet/installContracts.ts'
import { type AnvilChain, startAnvil } from '../../../src/devnet/startAnvil.ts'

// Anvil's well-known test accounts (unlocked on the node, so no keys are needed here).
export const USER: Address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
export const TAKER: Address = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
export const RECEIVER: Address = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
export const RELAYER: Address = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
export const BENEFICIARY: Address = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65'
export const AFFILIATE: Address = '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc'
export const FIX_FEE = 1_000_000_000_000_000n
/** The devnet messenger's flat fee per message (installContracts' default). */
export const MESSAGE_FEE = 500_000_000_000_000n
export const SRC_ID = 42161
export const DST_ID = 8453

export type Chain = ReturnType<typeof connect> & { anvil: AnvilChain; c: InstalledContracts }

export function connect(rpcUrl: string) {
  const transport = http(rpcUrl)
  return {
    pub: createPublicClient({ transport, pollingInterval: 50 }),
    wallet: createWalletClient({ transport }),
  }
}

export let artifacts: ContractArtifacts
export let src: Chain
export let dst: Chain
let saltCounter = 1_767_225_600_000n
/** A salt (or nonce) no earlier order of the file used. */
export const nextSalt = (): bigint => saltCounter++

export const errorsOf = (...names: string[]): Abi =>
  names.flatMap((n) => (artifacts[n]?.abi ?? []).filter((item) => item.type === 'error'))
// The shared TS ABIs encode the calls; the compiled errors decode the reverts.
export const sourceAbi = (): Abi => [...dlnSourceAbi, ...errorsOf('DlnSource', 'SimToken')]
export const destinationAbi = (): Abi => [
  ...dlnDestinationAbi,
  ...errorsOf('DlnDestination', 'DlnExternalCallAdapter', 'SimToken', 'DevnetMessenger'),
]
export const artifactAbi = (name: string): Abi => {
  const artifact = artifacts[name]
  if (!artifact) throw new Error(`no artifact ${name}`)
  return artifact.abi
}

export type Call = {
  from: Address
  address: Address
  abi: Abi
  functionName: string
  args: readonly unknown[]
  value?: bigint
}

export async function send(chain: Chain, call: Call): Promise<TransactionReceipt> {
  const hash = await chain.wallet.writeContract({ ...call, account: call.from, chain: null })
  const receipt = await chain.pub.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt
}

/** The decoded custom error of a call that must revert (eth_call from `from`). */
export async function revertOf(
  chain: Chain,
  call: Call,
): Promise<{ name: string | undefined; args: readonly unknown[] | undefined }> {
  try {
    await chain.pub.simulateContract({ ...call, account: call.from })
  } catch (error) {
    const reverted =
      error instanceof BaseError
        ? error.walk((e) => e instanceof ContractFunctionRevertedError)
        : undefined
    if (reverted instanceof ContractFunctionRevertedError) {
      return { name: reverted.data?.errorName, args: reverted.data?.args }
    }
    throw error
  }
  throw new Error(`${call.functionName} did not revert`)
}

export const balanceOf = (chain: Chain, token: Address, owner: Address): Promise<bigint> =>
  chain.pub.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

export const mint = (chain: Chain, token: Address, to: Address, amount: bigint): Promise<unknown> =>
  send(chain, {
    from: USER,
    address: token,
    abi: artifactAbi('SimToken'),
    functionName: 'mint',
    args: [to, amount],
  })

export const approve = (
  chain: Chain,
  from: Address,
  token: Address,
  spender: Address,
  amount: bigint,
) =>
  send(chain, {
    from,
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [spender, amount],
  })

/** §1.7's order: 100 USDC Arbitrum -> USDC Base with 0.035 USDC opex prepended. */
export function creationOf(overrides: Partial<DlnOrderCreation> = {}): DlnOrderCreation {
  return {
    giveTokenAddress: src.c.tokens.USDC.address,
    giveAmount: 100_035_000n,
    takeTokenAddress: dst.c.tokens.USDC.address,
    takeAmount: 99_919_989n,
    takeChainId: BigInt(DST_ID),
    receiverDst: RECEIVER,
    givePatchAuthoritySrc: USER,
    orderAuthorityAddressDst: USER,
    allowedTakerDst: '0x',
    externalCall: '0x',
    allowedCancelBeneficiarySrc: '0x',
    ...overrides,
  }
}

export const createCall = (
  creation: DlnOrderCreation,
  salt: bigint,
  affiliateFee: Hex = '0x',
  value = FIX_FEE,
): Call => ({
  from: USER,
  address: src.c.dlnSource,
  abi: sourceAbi(),
  functionName: 'createSaltedOrder',
  args: [creation, salt, affiliateFee, 31805, '0x', '0xabcd'],
  value,
})

export async function createOrder(
  creation: DlnOrderCreation,
  affiliateFee: Hex = '0x',
): Promise<{ order: DlnOrder; orderId: Hex; percentFee: bigint; receipt: TransactionReceipt }> {
  const receipt = await send(src, createCall(creation, saltCounter++, affiliateFee))
  const [log] = parseEventLogs({ abi: dlnSourceAbi, logs: receipt.logs, eventName: 'CreatedOrder' })
  if (!log) throw new Error('no CreatedOrder')
  return { ...log.args, receipt }
}

/** A destination-only order (no source side needed to test fills and hooks). */
export function destinationOrder(overrides: Partial<DlnOrder> = {}): DlnOrder {
  return {
    makerOrderNonce: saltCounter++,
    makerSrc: USER,
    giveChainId: BigInt(SRC_ID),
    giveTokenAddress: src.c.tokens.USDC.address,
    giveAmount: 1_000_000n,
    takeChainId: BigInt(DST_ID),
    takeTokenAddress: dst.c.tokens.USDC.address,
    takeAmount: 990_000n,
    receiverDst: RECEIVER,
    givePatchAuthoritySrc: USER,
    orderAuthorityAddressDst: USER,
    allowedTakerDst: '0x',
    allowedCancelBeneficiarySrc: '0x',
    externalCall: '0x',
    ...overrides,
  }
}

export const fulfillCall = (order: DlnOrder, orderId: Hex = computeOrderId(order)): Call => ({
  from: TAKER,
  address: dst.c.dlnDestination,
  abi: destinationAbi(),
  functionName: 'fulfillOrder',
  args: [order, order.takeAmount, orderId, '0x', TAKER, BENEFICIARY],
})

/** Reads MessageSent on `from` and delivers it on `to` as the relayer. */
export async function relay(receipt: TransactionReceipt, to: Chain): Promise<TransactionReceipt> {
  const [message] = parseEventLogs({
    abi: devnetMessengerAbi,
    logs: receipt.logs,
    eventName: 'MessageSent',
  })
  if (!message) throw new Error('no MessageSent')
  expect(message.args.dstChainId).toBe(BigInt(to.c.chainId))
  return send(to, {
    from: RELAYER,
    address: to.c.messenger,
    abi: [...devnetMessengerAbi, ...errorsOf('DlnSource')],
    functionName: 'deliver',
    args: [message.args.target, message.args.data],
  })
}

export async function startChain(chainId: number): Promise<Chain> {
  const anvil = await startAnvil({ chainId })
  const c = await installContracts(anvil.rpcUrl, {
    chainId,
    relayer: RELAYER,
    fixedFeeWei: FIX_FEE,
    transferFeeBps: 4,
  })
  return { ...connect(anvil.rpcUrl), anvil, c }
}

/** Starts both chains with the contracts installed, funds and approves, and stops them after the file. */
export function useContractsWorld(): void {
  beforeAll(async () => {
    artifacts = await loadContractArtifacts()
    ;[src, dst] = await Promise.all([startChain(SRC_ID), startChain(DST_ID)])
    await mint(src, src.c.tokens.USDC.address, USER, 10n ** 12n)
    await approve(src, USER, src.c.tokens.USDC.address, src.c.dlnSource, 2n ** 255n)
    await mint(dst, dst.c.tokens.USDC.address, TAKER, 10n ** 12n)
    await approve(dst, TAKER, dst.c.tokens.USDC.address, dst.c.dlnDestination, 2n ** 255n)
  }, 60_000)

  afterAll(async () => {
    await Promise.all([src?.anvil.stop(), dst?.anvil.stop()])
  })
}
