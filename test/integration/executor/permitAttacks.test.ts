import {
  type Address,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseAbi,
  slice,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dlnSourceAbi } from '../../../src/chains/abi/dlnSourceAbi.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import {
  allowanceOf,
  chainsOf,
  devnetValueFlow,
  orderIntent,
  testApi,
  testSender,
  user,
} from './executorHarness.ts'
import { startTamperProxy, type TamperProxy } from './startTamperProxy.ts'

const dlnSource = EVM_CONTRACTS.dlnSource as Address
const attacker = devnetEvmAccount('treasury')
const AMOUNT = 100_000_000n
const permitAbi = parseAbi([
  'function permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  'function nonces(address) view returns (uint256)',
  'function transferFrom(address,address,uint256) returns (bool)',
])
let devnet: Devnet
let arb: DevnetEvmChain
let base: DevnetEvmChain
let sender: EvmSender
let proxy: TamperProxy
let usdc: Address

beforeAll(async () => {
  devnet = await startDevnet({ solana: false })
  ;[arb, base] = chainsOf(devnet)
  ;({ sender } = testSender(arb))
  proxy = await startTamperProxy(devnet.sim.baseUrl)
  usdc = arb.contracts.tokens.USDC.address
}, 60_000)
afterAll(async () => {
  sender?.close()
  await proxy?.close()
  await devnet?.stop()
})

const nowS = async () => (await arb.client.getBlock()).timestamp
const permitNonce = () =>
  arb.client.readContract({
    address: usdc,
    abi: permitAbi,
    functionName: 'nonces',
    args: [user.address],
  })

/** The user's own signature of a permit: what ferry must never give out of plan. */
async function userPermit(spender: Address, value: bigint, deadline: bigint) {
  const signature = await user.account.signTypedData({
    domain: { name: 'USD Coin', version: '2', chainId: 42161, verifyingContract: usdc },
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: { owner: user.address, spender, value, nonce: await permitNonce(), deadline },
  })
  const r = slice(signature, 0, 32)
  const s = slice(signature, 32, 64)
  const v = Number.parseInt(signature.slice(130, 132), 16)
  return { args: [user.address, spender, value, deadline, v, r, s] as const }
}

/** Anyone (here the attacker) submits a signed permit to the token. */
async function submitPermit(p: Awaited<ReturnType<typeof userPermit>>) {
  const wallet = createWalletClient({ account: attacker.account, transport: http(arb.rpcUrl) })
  const hash = await wallet.writeContract({
    chain: null,
    address: usdc,
    abi: permitAbi,
    functionName: 'permit',
    args: p.args,
  })
  return arb.client.waitForTransactionReceipt({ hash })
}

/** Runs a permit-mode order through the tamper proxy, editing the estimate's permit envelope. */
async function orderWithEnvelope(edit: (envelope: Hex) => Hex): Promise<unknown> {
  proxy.tamper = (path, query, body) => {
    if (!path.endsWith('/create-tx') || query.get('enableEstimate') !== 'true') return body
    const answer = body as { tx: { data: Hex } }
    const { args } = decodeSalted(answer.tx.data)
    const next = [...args] as unknown as unknown[]
    next[4] = edit(args[4])
    answer.tx.data = encodeSalted(next)
    return body
  }
  try {
    await executeEvmOrder({
      ...devnetValueFlow,
      approvals: 'permit',
      intent: orderIntent(arb, base, usdc, AMOUNT, base.contracts.tokens.USDC.address),
      api: testApi(proxy.url),
      sender,
    })
    return undefined
  } catch (error) {
    return error
  } finally {
    proxy.tamper = undefined
  }
}

import { decodeFunctionData, encodeFunctionData } from 'viem'

function decodeSalted(data: Hex) {
  const decoded = decodeFunctionData({ abi: dlnSourceAbi, data })
  if (decoded.functionName !== 'createSaltedOrder') throw new Error('not createSaltedOrder')
  return { args: decoded.args }
}
function encodeSalted(args: unknown[]): Hex {
  return encodeFunctionData({
    abi: dlnSourceAbi,
    functionName: 'createSaltedOrder',
    args: args as never,
  })
}

/** Replaces a 32-byte word of the 129-byte envelope (0: amount, 1: deadline). */
const withWord = (envelope: Hex, word: 0 | 1, value: bigint): Hex =>
  `0x${envelope.slice(2, 2 + word * 64)}${value.toString(16).padStart(64, '0')}${envelope.slice(2 + (word + 1) * 64)}`

describe('permit attacks: each is real on chain, and ferry refuses it (docs/safety.md §10)', () => {
  test('attack: a permit to another spender lets that spender take the funds; ferry signs permits only to the allow-listed spender', async () => {
    // Real: signed to the attacker, the permit moves the user's USDC to the attacker.
    const before = await arb.client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [attacker.address],
    })
    await submitPermit(await userPermit(attacker.address, 5_000_000n, (await nowS()) + 600n))
    const wallet = createWalletClient({ account: attacker.account, transport: http(arb.rpcUrl) })
    const hash = await wallet.writeContract({
      chain: null,
      address: usdc,
      abi: permitAbi,
      functionName: 'transferFrom',
      args: [user.address, attacker.address, 5_000_000n],
    })
    await arb.client.waitForTransactionReceipt({ hash })
    const after = await arb.client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [attacker.address],
    })
    expect(after - before).toBe(5_000_000n)
    // Refused: the signer's door re-checks the spender, whatever the caller planned.
    const nonce = await permitNonce()
    await expect(
      sender.signPermit({
        token: usdc,
        domain: { name: 'USD Coin', version: '2', chainId: 42161, verifyingContract: usdc },
        owner: user.address,
        spender: attacker.address,
        value: AMOUNT,
        nonce,
        deadline: (await nowS()) + 600n,
      }),
    ).rejects.toMatchObject({ field: 'permit.spender' })
    // And a service that names the attacker as the target is refused before any permit.
    proxy.tamper = (path, _q, body) => {
      if (path.endsWith('/create-tx')) (body as { tx: { to: string } }).tx.to = attacker.address
      return body
    }
    const error = await executeEvmOrder({
      ...devnetValueFlow,
      approvals: 'permit',
      intent: orderIntent(arb, base, usdc, AMOUNT, base.contracts.tokens.USDC.address),
      api: testApi(proxy.url),
      sender,
    }).catch((e: unknown) => e)
    proxy.tamper = undefined
    expect((error as VerificationError).field).toBe('tx.to')
    expect(await permitNonce()).toBe(nonce)
  })

  test('attack: a permit for more than the order leaves an allowance standing; ferry refuses an envelope for a larger amount', async () => {
    // Real: a permit for twice the input, spent by an order of the input, leaves the rest.
    await submitPermit(await userPermit(dlnSource, 2n * AMOUNT, (await nowS()) + 600n))
    await executeEvmOrder({
      ...devnetValueFlow,
      intent: orderIntent(arb, base, usdc, AMOUNT, base.contracts.tokens.USDC.address),
      api: testApi(devnet.sim.baseUrl),
      sender,
    })
    expect(await allowanceOf(arb.client, usdc, user.address, dlnSource)).toBe(AMOUNT)
    await submitPermit(await userPermit(dlnSource, 0n, (await nowS()) + 600n))
    // Refused: the service swaps in a larger amount than ferry signed.
    const error = await orderWithEnvelope((e) => withWord(e, 0, 2n * AMOUNT))
    expect(error).toBeInstanceOf(VerificationError)
    expect((error as VerificationError).field).toBe('tx.data._permitEnvelope')
    expect(await allowanceOf(arb.client, usdc, user.address, dlnSource)).toBe(0n)
  })

  test('attack: a permit with a far deadline stays usable a day later; ferry refuses an envelope with another deadline', async () => {
    const anvil = createTestClient({ mode: 'anvil', transport: http(arb.rpcUrl) })
    const far = await userPermit(dlnSource, AMOUNT, (await nowS()) + 365n * 86_400n)
    const snapshot = await anvil.snapshot()
    try {
      await anvil.increaseTime({ seconds: 86_400 })
      await anvil.mine({ blocks: 1 })
      await submitPermit(far)
      expect(await allowanceOf(arb.client, usdc, user.address, dlnSource)).toBe(AMOUNT)
    } finally {
      await anvil.revert({ id: snapshot })
    }
    const error = await orderWithEnvelope((e) => withWord(e, 1, 1n << 40n))
    expect((error as VerificationError).field).toBe('tx.data._permitEnvelope')
  })

  test('attack: a transaction that does not consume the permit leaves it valid for anyone to submit; ferry refuses it', async () => {
    // Real: an unconsumed permit is a standing authorisation: anyone submitting it sets the allowance.
    const unconsumed = await userPermit(dlnSource, AMOUNT, (await nowS()) + 600n)
    await submitPermit(unconsumed)
    expect(await allowanceOf(arb.client, usdc, user.address, dlnSource)).toBe(AMOUNT)
    await submitPermit(await userPermit(dlnSource, 0n, (await nowS()) + 600n))
    const nonce = await permitNonce()
    const txsBefore = await arb.client.getTransactionCount({ address: user.address })
    const error = await orderWithEnvelope(() => '0x')
    expect((error as VerificationError).field).toBe('tx.data._permitEnvelope')
    expect((error as VerificationError).message).toContain('does not consume')
    expect(await arb.client.getTransactionCount({ address: user.address })).toBe(txsBefore)
    // ferry signed a permit (nonce `nonce`), sent nothing: the permit was not used on chain.
    expect(await permitNonce()).toBe(nonce)
  })

  test('default: the honest service gets a permit order through, allowance 0 after', async () => {
    const txsBefore = await arb.client.getTransactionCount({ address: user.address })
    const nonce = await permitNonce()
    const result = await executeEvmOrder({
      ...devnetValueFlow,
      approvals: 'permit',
      intent: orderIntent(arb, base, usdc, AMOUNT, base.contracts.tokens.USDC.address),
      api: testApi(devnet.sim.baseUrl),
      sender,
    })
    expect(result.allowance).toBeUndefined()
    expect(await arb.client.getTransactionCount({ address: user.address })).toBe(txsBefore + 1)
    expect(await permitNonce()).toBe(nonce + 1n)
    expect(await allowanceOf(arb.client, usdc, user.address, dlnSource)).toBe(0n)
  })
})
