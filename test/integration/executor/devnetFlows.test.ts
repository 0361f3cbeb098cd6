import { type Address, erc20Abi, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { StaleQuoteError } from '../../../src/chains/evm/StaleQuoteError.ts'
import type { MemorySendJournal } from '../../../src/chains/evm/sendJournal.ts'
import { simulateEvmTx } from '../../../src/chains/evm/simulateEvmTx.ts'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { ensureAllowance } from '../../../src/execute/evm/ensureAllowance.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import { executeEvmSwap } from '../../../src/execute/evm/executeEvmSwap.ts'
import {
  agingClock,
  allowanceOf,
  balanceOf,
  chainsOf,
  devnetValueFlow,
  orderIntent,
  testApi,
  testSender,
  user,
} from './executorHarness.ts'

const dlnSource = EVM_CONTRACTS.dlnSource as Address
let devnet: Devnet
let arb: DevnetEvmChain
let base: DevnetEvmChain
let sender: EvmSender
let journal: MemorySendJournal

beforeAll(async () => {
  devnet = await startDevnet({ solana: false })
  ;[arb, base] = chainsOf(devnet)
  ;({ sender, journal } = testSender(arb))
})
afterAll(async () => {
  sender?.close()
  await devnet?.stop()
})

describe('executeEvmOrder against the devnet', () => {
  test('default: USDC 42161 → 8453 with exact approval, enableEstimate, CreatedOrder', async () => {
    const usdc = arb.contracts.tokens.USDC.address
    const amountIn = 250_000_000n
    const before = await balanceOf(arb.client, usdc, user.address)
    const sourceBefore = await balanceOf(arb.client, usdc, dlnSource)
    const nonceBefore = await arb.client.getTransactionCount({ address: user.address })
    const stages: string[] = []
    const result = await executeEvmOrder({
      ...devnetValueFlow,
      intent: orderIntent(arb, base, usdc, amountIn, base.contracts.tokens.USDC.address),
      api: testApi(devnet.sim.baseUrl),
      sender,
      onProgress: (e) => {
        stages.push(e.stage)
      },
    })
    expect(result.allowance?.actions).toEqual(['approve'])
    expect(result.orderId).toBe(result.quote.orderId)
    expect(result.created.orderId).toBe(result.verified.orderId)
    expect(result.receipt.status).toBe('success')
    expect(await balanceOf(arb.client, usdc, user.address)).toBe(before - amountIn)
    expect(await balanceOf(arb.client, usdc, dlnSource)).toBe(sourceBefore + amountIn)
    // The exact approval was spent in full: nothing is left to a third party.
    expect(await allowanceOf(arb.client, usdc, user.address, dlnSource)).toBe(0n)
    expect(await arb.client.getTransactionCount({ address: user.address })).toBe(nonceBefore + 2)
    expect(journal.records.map((r) => r.kind)).toEqual(['approve', 'order'])
    expect(journal.records[1]?.orderId).toBe(result.orderId)
    expect(stages).toEqual([
      'facts',
      'approved',
      'verified',
      'simulated',
      'broadcast',
      'included',
      'created',
    ])
  })

  test('behavior: native ETH input pays value = fixed fee + amount', async () => {
    const amountIn = parseEther('0.5')
    const ethBefore = await arb.client.getBalance({ address: user.address })
    const sourceBefore = await arb.client.getBalance({ address: dlnSource })
    const result = await executeEvmOrder({
      ...devnetValueFlow,
      intent: orderIntent(
        arb,
        base,
        '0x0000000000000000000000000000000000000000',
        amountIn,
        base.contracts.tokens.USDC.address,
      ),
      api: testApi(devnet.sim.baseUrl),
      sender,
    })
    expect(result.allowance).toBeUndefined()
    expect(result.verified.valueWei).toBe(arb.contracts.fixedFeeWei + amountIn)
    expect(result.orderId).toBe(result.quote.orderId)
    const gasPaid = result.receipt.gasUsed * result.receipt.effectiveGasPrice
    expect(await arb.client.getBalance({ address: user.address })).toBe(
      ethBefore - amountIn - arb.contracts.fixedFeeWei - gasPaid,
    )
    expect(await arb.client.getBalance({ address: dlnSource })).toBe(
      sourceBefore + amountIn + arb.contracts.fixedFeeWei,
    )
    // Reverts come back by name: the same order again, and a value off by one wei.
    const tx = {
      to: dlnSource,
      data: result.quote.tx.data as `0x${string}`,
      value: result.verified.valueWei,
      gasLimit: 1_000_000n,
    }
    await expect(simulateEvmTx(sender, tx)).rejects.toMatchObject({
      name: 'EvmRevertError',
      errorName: 'IncorrectOrderStatus',
    })
    const off = await simulateEvmTx(sender, { ...tx, value: tx.value - 1n }).catch(
      (e: unknown) => e,
    )
    expect(['WrongFixedFee', 'MismatchNativeGiveAmount']).toContain(
      (off as { errorName: string }).errorName,
    )
  })

  test('behavior: USDT with a different non-zero allowance is reset to 0 first', async () => {
    // USDT is not a reserve asset: the order goes through the forwarder, the spender to approve.
    const usdt = arb.contracts.tokens.USDT.address
    const forwarder = EVM_CONTRACTS.forwarder as Address
    const amountIn = 120_000_000n
    await ensureAllowance({ sender, token: usdt, spender: forwarder, amount: 7_000_000n })
    expect(await allowanceOf(arb.client, usdt, user.address, forwarder)).toBe(7_000_000n)
    const before = await balanceOf(arb.client, usdt, user.address)
    const usdc = arb.contracts.tokens.USDC.address
    const result = await executeEvmOrder({
      ...devnetValueFlow,
      intent: orderIntent(arb, base, usdt, amountIn, base.contracts.tokens.USDC.address),
      api: testApi(devnet.sim.baseUrl),
      sender,
    })
    expect(result.verified.spender).toBe(forwarder.toLowerCase())
    expect(result.allowance).toMatchObject({
      before: 7_000_000n,
      after: amountIn,
      actions: ['reset', 'approve'],
    })
    expect(result.orderId).toBe(result.quote.orderId)
    expect(await balanceOf(arb.client, usdt, user.address)).toBe(before - amountIn)
    // The forwarder swapped USDT into the reserve asset the order gives: DlnSource holds that.
    // Read around the order's own block: the solver's unlocks of earlier orders pay out of
    // DlnSource in blocks of their own, at moments the test does not control.
    expect(result.created.order.giveTokenAddress).toBe(usdc)
    const sourceAt = (blockNumber: bigint) =>
      arb.client.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [dlnSource],
        blockNumber,
      })
    const block = result.receipt.blockNumber
    expect((await sourceAt(block)) - (await sourceAt(block - 1n))).toBe(
      result.verified.call.creation.giveAmount,
    )
    expect(await balanceOf(arb.client, usdt, forwarder)).toBe(0n)
    expect(await allowanceOf(arb.client, usdt, user.address, forwarder)).toBe(0n)
    expect(journal.records.slice(-3).map((r) => r.kind)).toEqual(['revoke', 'approve', 'order'])
  })

  test('behavior: single-chain swap USDC → WETH on 42161', async () => {
    const usdc = arb.contracts.tokens.USDC.address
    const weth = arb.contracts.tokens.WETH.address
    const amountIn = 300_000_000n
    const usdcBefore = await balanceOf(arb.client, usdc, user.address)
    const wethBefore = await balanceOf(arb.client, weth, user.address)
    const result = await executeEvmSwap({
      intent: {
        chainId: 42161,
        sender: user.address,
        tokenIn: usdc,
        amountIn,
        tokenOut: weth,
        minAmountOut: parseEther('0.05'),
        recipient: user.address,
      },
      api: testApi(devnet.sim.baseUrl),
      sender,
      ...devnetValueFlow,
    })
    expect(result.receipt.status).toBe('success')
    expect(result.allowance?.actions).toEqual(['approve'])
    expect(await balanceOf(arb.client, usdc, user.address)).toBe(usdcBefore - amountIn)
    const gained = (await balanceOf(arb.client, weth, user.address)) - wethBefore
    expect(gained).toBeGreaterThanOrEqual(result.verified.minAmountOut)
    expect(
      await allowanceOf(arb.client, usdc, user.address, EVM_CONTRACTS.forwarder as Address),
    ).toBe(0n)
  })
})

describe('quote freshness', () => {
  const treasury = devnetEvmAccount('treasury')
  const NATIVE = '0x0000000000000000000000000000000000000000'

  test('behavior: a quote older than maxQuoteAgeMs is never signed; a fresh one is', async () => {
    const clock = agingClock(1_000_000)
    const t = testSender(arb, {
      key: { privateKey: treasury.privateKey },
      address: treasury.address,
      clock,
    })
    try {
      let staled = 0
      const verifiedIds: string[] = []
      const result = await executeEvmOrder({
        ...devnetValueFlow,
        // The 0.001 ETH flat fee is 10 % of a 0.01 ETH order.
        maxCostBps: 1_500,
        intent: orderIntent(
          arb,
          base,
          NATIVE,
          parseEther('0.01'),
          base.contracts.tokens.USDC.address,
          treasury.address,
        ),
        api: testApi(devnet.sim.baseUrl),
        sender: t.sender,
        clock,
        onProgress: (e) => {
          if (e.stage === 'verified') verifiedIds.push(e.orderId)
          // The first quote ages past the limit between verification and signing.
          if (e.stage === 'simulated' && staled++ === 0) clock.advanceMs(30_001)
        },
      })
      expect(verifiedIds).toHaveLength(2)
      expect(verifiedIds[0]).not.toBe(verifiedIds[1])
      expect(result.orderId).toBe(verifiedIds[1])
      expect(t.journal.records.map((r) => r.orderId)).toEqual([verifiedIds[1]])
    } finally {
      t.sender.close()
    }
  })

  test('behavior: with no re-quote left, StaleQuoteError and nothing signed', async () => {
    const clock = agingClock(1_000_000)
    const t = testSender(arb, {
      key: { privateKey: treasury.privateKey },
      address: treasury.address,
      clock,
    })
    try {
      const nonce = await arb.client.getTransactionCount({ address: treasury.address })
      const error = await executeEvmOrder({
        ...devnetValueFlow,
        // The 0.001 ETH flat fee is 10 % of a 0.01 ETH order.
        maxCostBps: 1_500,
        intent: orderIntent(
          arb,
          base,
          NATIVE,
          parseEther('0.01'),
          base.contracts.tokens.USDC.address,
          treasury.address,
        ),
        api: testApi(devnet.sim.baseUrl),
        sender: t.sender,
        clock,
        maxQuoteAgeMs: 5_000,
        maxRequotes: 0,
        onProgress: (e) => {
          if (e.stage === 'simulated') clock.advanceMs(5_001)
        },
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(StaleQuoteError)
      expect(t.journal.records).toHaveLength(0)
      expect(await arb.client.getTransactionCount({ address: treasury.address })).toBe(nonce)
    } finally {
      t.sender.close()
    }
  })
})
