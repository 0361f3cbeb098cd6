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
