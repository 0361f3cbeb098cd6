import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  maxUint256,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { VerificationError } from '../../../src/common/VerificationError.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import {
  allowanceOf,
  balanceOf,
  devnetValueFlow,
  orderIntent,
  rpcCall,
  testApi,
  user,
} from './executorHarness.ts'
import {
  AMOUNT,
  type Answer,
  arb,
  attacker,
  base,
  drainer,
  facts,
  ferryRefuses,
  forwarder,
  intent,
  mirror,
  pointMirror,
  proveReal,
  proxy,
  sender,
  startAttackWorld,
  stopAttackWorld,
  usdc,
  userWallet,
  weth,
  wrapInForwarder,
} from './valueFlowAttackWorld.ts'

// Each attack: first proven real (the bytes, sent without ferry, move funds to the attacker),
// then refused by ferry before anything is signed, by the value-flow rule that catches it.
beforeAll(startAttackWorld, 60_000)
afterAll(stopAttackWorld)

describe('value-flow attacks through the forwarder (P-8.1..P-8.7)', () => {
  test('behavior: a pre-swap that pays the attacker, leaving dust for the order, is refused (valueConserved)', async () => {
    const { transferFeeBps } = await facts()
    // The router is the attacker's contract: it takes the 100 USDC the forwarder approved it
    // for and pays back 1 wei of WETH, which becomes the order's whole give amount.
    const attack = wrapInForwarder(
      {
        router: drainer,
        swapCalldata: encodeFunctionData({
          abi: [
            {
              type: 'function',
              name: 'drain',
              stateMutability: 'nonpayable',
              inputs: [
                { name: 'tokenIn', type: 'address' },
                { name: 'amountIn', type: 'uint256' },
                { name: 'to', type: 'address' },
                { name: 'dustToken', type: 'address' },
                { name: 'dust', type: 'uint256' },
              ],
              outputs: [],
            },
          ],
          functionName: 'drain',
          args: [usdc, AMOUNT, attacker, weth, 1n],
        }),
        tokenOut: weth,
        expectedAmountOut: 1n,
      },
      transferFeeBps,
    )
    await proveReal(attack, async () => {
      expect(await balanceOf(arb.client, usdc, attacker)).toBe(AMOUNT)
    })
    const error = await ferryRefuses(attack)
    expect(error.rule).toBe('valueConserved')
    expect(error.shortMessage).toMatch(
      /^value flow: 100\.00 .* left the wallet, the order gives 0\.0+1 /,
    )
    expect(error.metaMessages.join('\n').toLowerCase()).toContain(attacker)
  })

  test('behavior: the literal variant (router = input token, transfer to the attacker, give 0) is refused by the field rules now', async () => {
    const { transferFeeBps } = await facts()
    const attack = wrapInForwarder(
      {
        router: usdc,
        swapCalldata: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [attacker, AMOUNT],
        }),
        tokenOut: weth,
        expectedAmountOut: 0n,
      },
      transferFeeBps,
    )
    proxy.tamper = (path, _q, body) => {
      if (path.endsWith('/create-tx')) attack(body as Answer)
      return body
    }
    const error = await executeEvmOrder({
      ...devnetValueFlow,
      intent: intent(),
      api: testApi(proxy.url),
      sender,
    })
      .catch((e: unknown) => e)
      .finally(() => {
        proxy.tamper = undefined
      })
    expect((error as VerificationError).field).toBe('tx.data._srcTokenExpectedAmountOut')
  })

  test('behavior: a pre-swap that leaves the attacker an approval over the stranded input is refused (approval)', async () => {
    const { transferFeeBps } = await facts()
    // The forwarder itself approves the attacker for the 100 USDC it pulled from ferry; the
    // mirror token reports that allowance as "swap output", so the order is created (giving a
    // worthless token) and the USDC stays in the forwarder for the attacker to take later.
    await pointMirror(usdc, forwarder, attacker)
    const attack = wrapInForwarder(
      {
        router: usdc,
        swapCalldata: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [attacker, AMOUNT],
        }),
        tokenOut: mirror,
        expectedAmountOut: AMOUNT,
      },
      transferFeeBps,
    )
    await proveReal(attack, async () => {
      expect(await allowanceOf(arb.client, usdc, forwarder, attacker)).toBe(AMOUNT)
      await rpcCall(arb.rpcUrl, 'anvil_impersonateAccount', [attacker])
      await rpcCall(arb.rpcUrl, 'anvil_setBalance', [attacker, '0xde0b6b3a7640000'])
      const thief = createWalletClient({ account: attacker, transport: http(arb.rpcUrl) })
      const hash = await thief.writeContract({
        chain: null,
        address: usdc,
        abi: erc20Abi,
        functionName: 'transferFrom',
        args: [forwarder, attacker, AMOUNT],
      })
      await arb.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      expect(await balanceOf(arb.client, usdc, attacker)).toBe(AMOUNT)
    })
    const error = await ferryRefuses(attack)
    expect(error.rule).toBe('approval')
    expect(error.violations[0]!.message).toContain(attacker.toLowerCase())
  })

  test('behavior: a pre-swap that spends a standing allowance of a second token is refused (outflow)', async () => {
    const { transferFeeBps } = await facts()
    // An earlier unlimited WETH approval to the forwarder (e.g. from a past wrapped order) is
    // spent by the forwarder itself: router = WETH, calldata = transferFrom(ferry, attacker, x).
    const stolen = 5n * 10n ** 17n
    await userWallet().writeContract({
      chain: null,
      address: weth,
      abi: erc20Abi,
      functionName: 'approve',
      args: [forwarder, maxUint256],
    })
    await pointMirror(weth, attacker)
    const attack = wrapInForwarder(
      {
        router: weth,
        swapCalldata: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transferFrom',
          args: [user.address, attacker, stolen],
        }),
        tokenOut: mirror,
        expectedAmountOut: stolen,
      },
      transferFeeBps,
    )
    try {
      const before = await balanceOf(arb.client, weth, attacker)
      await proveReal(attack, async () => {
        expect(await balanceOf(arb.client, weth, attacker)).toBe(before + stolen)
      })
      const error = await ferryRefuses(attack)
      expect(error.rule).toBe('outflow')
      expect(error.violations[0]!.message).toContain('left the wallet unplanned')
    } finally {
      await userWallet().writeContract({
        chain: null,
        address: weth,
        abi: erc20Abi,
        functionName: 'approve',
        args: [forwarder, 0n],
      })
    }
  })

  test('default: honest direct and honest wrapped orders (real pre-swap) still pass', async () => {
    const direct = await executeEvmOrder({
      ...devnetValueFlow,
      intent: intent(),
      api: testApi(proxy.url),
      sender,
    })
    expect(direct.verified.call.swap).toBeUndefined()
    const usdt = arb.contracts.tokens.USDT.address
    const refundAddresses: unknown[] = []
    proxy.tamper = (_path, query, body) => {
      refundAddresses.push(query.get('srcChainRefundAddress'))
      return body
    }
    const wrapped = await executeEvmOrder({
      ...devnetValueFlow,
      intent: orderIntent(arb, base, usdt, AMOUNT, base.contracts.tokens.USDC.address),
      api: testApi(proxy.url),
      sender,
    }).finally(() => {
      proxy.tamper = undefined
    })
    expect(wrapped.verified.call.swap).toBeDefined()
    expect(wrapped.orderId).toBe(wrapped.quote.orderId)
    // ferry asks for the pre-swap surplus back to its own wallet, and gets it (docs/dln.md §1.1).
    expect(refundAddresses.length).toBeGreaterThan(0)
    expect(new Set(refundAddresses)).toEqual(new Set([sender.address]))
    expect(wrapped.verified.call.swap?.refundRecipient).toBe(getAddress(sender.address))
  })
})
