import { type Address, encodeFunctionData, erc20Abi, type Hex, parseAbi, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { crosschainForwarderAbi } from '../../../src/chains/abi/crosschainForwarderAbi.ts'
import { executeEvmSwap } from '../../../src/execute/evm/executeEvmSwap.ts'
import { judgeEvmValueFlow } from '../../../src/verify/judgeEvmValueFlow.ts'
import { simulateEvmValueFlow } from '../../../src/verify/simulateEvmValueFlow.ts'
import { ValueFlowError } from '../../../src/verify/ValueFlowError.ts'
import { type SwapIntent, verifyEvmSwapTx } from '../../../src/verify/verifyEvmSwapTx.ts'
import {
  allowanceOf,
  balanceOf,
  devnetValueFlow,
  rpcCall,
  testApi,
  user,
} from './executorHarness.ts'
import {
  AMOUNT,
  arb,
  attacker,
  drainer,
  forwarder,
  journal,
  proxy,
  sender,
  startAttackWorld,
  stopAttackWorld,
  usdc,
  userWallet,
  weth,
} from './valueFlowAttackWorld.ts'

// A swap whose output goes to a third party: the router's swap(...) names ferry as recipient
// and guarantees ferry's minimum, so every field matches; the opaque router leg is the
// attacker's, which sends ferry's USDC to the attacker and pays 1 wei of WETH back.
beforeAll(startAttackWorld, 60_000)
afterAll(stopAttackWorld)

const intent = (): SwapIntent => ({
  chainId: 42161,
  sender: user.address,
  tokenIn: usdc,
  amountIn: AMOUNT,
  tokenOut: weth,
  // A careless threshold: the attack meets it, so only the value-flow judge can stop it.
  minAmountOut: 1n,
  recipient: user.address,
})

function attackData(): Hex {
  return encodeFunctionData({
    abi: crosschainForwarderAbi,
    functionName: 'swap',
    args: [
      usdc,
      AMOUNT,
      '0x',
      {
        allowanceAggregator: zeroAddress,
        swapRouter: drainer,
        swapCalldata: encodeFunctionData({
          abi: parseAbi(['function drain(address,uint256,address,address,uint256)']),
          functionName: 'drain',
          args: [usdc, AMOUNT, attacker, weth, 1n],
        }),
        tokenOut: weth,
        tokenOutMinAmount: 1n,
        surplusShareBps: 10_000,
        affiliateFeeEnvelope: '0x',
        recipient: user.address,
      },
      0,
    ],
  })
}

describe('value flow: a swap whose output goes to a third party', () => {
  test('attack is real: it passes the field checks, and sent without ferry it pays the attacker', async () => {
    const tx = { to: forwarder, data: attackData(), value: 0n }
    expect(verifyEvmSwapTx({ tx, intent: intent() }).minAmountOut).toBe(1n)
    const snapshot = await rpcCall(arb.rpcUrl, 'evm_snapshot')
    try {
      const wallet = userWallet()
      await wallet.writeContract({
        chain: null,
        address: usdc,
        abi: erc20Abi,
        functionName: 'approve',
        args: [forwarder, AMOUNT],
      })
      const hash = await wallet.sendTransaction({ chain: null, ...tx, gas: 1_000_000n })
      const receipt = await arb.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      expect(receipt.status).toBe('success')
      expect(await balanceOf(arb.client, usdc, attacker)).toBe(AMOUNT)
    } finally {
      await rpcCall(arb.rpcUrl, 'evm_revert', [snapshot])
    }
  })

  test('the simulated flow alone refuses it: 100 USDC leave for 1 wei of WETH (valueConserved)', async () => {
    const prices = await devnetValueFlow.prices.snapshot([])
    const approve = {
      to: usdc,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [forwarder, AMOUNT],
      }),
      value: 0n,
    }
    const flow = await simulateEvmValueFlow(arb.client, {
      account: user.address,
      calls: [approve, { to: forwarder, data: attackData(), value: 0n }],
    })
    const violations = judgeEvmValueFlow(flow, {
      wallet: user.address,
      chainId: 42161,
      kind: 'swap',
      outflow: { token: usdc, amount: AMOUNT },
      nativeFeeWei: 0n,
      approval: { token: usdc, spender: forwarder, amount: AMOUNT },
      swap: { tokenOut: weth, recipient: user.address, minAmountOut: 1n },
      maxCostBps: devnetValueFlow.maxCostBps,
      prices,
      watchedOwners: [forwarder],
    })
    expect(violations.map((v) => v.rule)).toEqual(['valueConserved'])
  })

  test('ferry refuses it with the rule named: nothing signed, nonce and allowances unchanged', async () => {
    const nonce = await arb.client.getTransactionCount({
      address: user.address,
      blockTag: 'pending',
    })
    const journalled = journal.records.length
    proxy.tamper = (path, _query, body) => {
      if (path.endsWith('/chain/transaction')) {
        ;(body as { tx: { data: Hex } }).tx.data = attackData()
      }
      return body
    }
    let error: unknown
    try {
      await executeEvmSwap({
        ...devnetValueFlow,
        intent: intent(),
        api: testApi(proxy.url),
        sender,
      })
    } catch (e) {
      error = e
    } finally {
      proxy.tamper = undefined
    }
    expect(error).toBeInstanceOf(ValueFlowError)
    expect((error as ValueFlowError).rule).toBe('valueConserved')
    expect((error as ValueFlowError).shortMessage.toLowerCase()).toContain(
      `value flow: 100.00 ${usdc.toLowerCase()} left the wallet`,
    )
    expect(
      await arb.client.getTransactionCount({ address: user.address, blockTag: 'pending' }),
    ).toBe(nonce)
    expect(journal.records.length).toBe(journalled)
    expect(await allowanceOf(arb.client, usdc, user.address, forwarder as Address)).toBe(0n)
    expect(await balanceOf(arb.client, usdc, attacker)).toBe(0n)
  })
})

describe('value flow: the honest strictlySwapAndCall with a router target (docs/dln.md §6.1)', () => {
  test('it passes verification and the simulated flow: the target router pulls the output and pays ferry', async () => {
    const usdt = arb.contracts.tokens.USDT.address as Address
    const router = arb.contracts.swapRouter as Address
    const rate = async (a: Address, b: Address) =>
      (await arb.client.readContract({
        address: router,
        abi: parseAbi(['function rates(address,address) view returns (uint256,uint256)']),
        functionName: 'rates',
        args: [a, b],
      })) as readonly [bigint, bigint]
    const [n1, d1] = await rate(usdc, weth)
    const [n2, d2] = await rate(weth, usdt)
    const wethOut = (AMOUNT * n1) / d1
    const usdtOut = (wethOut * n2) / d2
    const leg = (tokenIn: Address, amountIn: bigint, tokenOut: Address, min: bigint, to: Address) =>
      encodeFunctionData({
        abi: parseAbi(['function swap(address,uint256,address,uint256,address)']),
        functionName: 'swap',
        args: [tokenIn, amountIn, tokenOut, min, to],
      })
    const data = encodeFunctionData({
      abi: crosschainForwarderAbi,
      functionName: 'strictlySwapAndCall',
      args: [
        usdc,
        AMOUNT,
        '0x',
        router,
        leg(usdc, AMOUNT, weth, wethOut, forwarder),
        weth,
        wethOut,
        user.address,
        router,
        leg(weth, wethOut, usdt, usdtOut, user.address),
      ],
    })
    const swapIntent: SwapIntent = { ...intent(), tokenOut: usdt, minAmountOut: usdtOut }
    const verified = verifyEvmSwapTx({ tx: { to: forwarder, data, value: 0n }, intent: swapIntent })
    expect([verified.shape, verified.minAmountOut]).toEqual(['strictlySwapAndCall', usdtOut])
    const approve = {
      to: usdc,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [forwarder, AMOUNT],
      }),
      value: 0n,
    }
    const flow = await simulateEvmValueFlow(arb.client, {
      account: user.address,
      calls: [approve, { to: forwarder, data, value: 0n }],
    })
    const judged = (minAmountOut: bigint) =>
      judgeEvmValueFlow(flow, {
        wallet: user.address,
        chainId: 42161,
        kind: 'swap',
        outflow: { token: usdc, amount: AMOUNT },
        nativeFeeWei: 0n,
        approval: { token: usdc, spender: forwarder, amount: AMOUNT },
        swap: { tokenOut: usdt, recipient: user.address, minAmountOut },
        maxCostBps: devnetValueFlow.maxCostBps,
        prices: prices,
        watchedOwners: [forwarder],
      }).map((v) => v.rule)
    const prices = await devnetValueFlow.prices.snapshot([])
    expect(judged(usdtOut)).toEqual([])
    // The floor of this shape is held by the simulation alone: one more unit is refused.
    expect(judged(usdtOut + 1n)).toEqual(['swapOutput'])
  })
})
