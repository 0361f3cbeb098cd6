import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { EvmSender } from '../../../src/chains/evm/createEvmSender.ts'
import { devnetSolanaKeypair } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, SOLANA_USDC_MINT, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import { type EventRecorder, recordEvents } from '../../helpers/recordEvents.ts'
import { balanceOf, devnetValueFlow, testApi, testSender, user } from './executorHarness.ts'

let devnet: Devnet
let sender: EvmSender
let solver: EventRecorder

beforeAll(async () => {
  devnet = await startDevnet({ evmChainIds: [42161], solana: true, fillDelayMs: 50 })
  ;({ sender } = testSender(devnet.evm[0]!))
  solver = recordEvents(devnet.solver!.events, ['filled'])
}, 60_000)

afterAll(async () => {
  sender?.close()
  await devnet?.stop()
})

describe('executeEvmOrder to Solana', () => {
  test('default: USDC 42161 → Solana USDC: verified, created, and the receiver gets takeAmount', async () => {
    const arb = devnet.evm[0]!
    const usdc = arb.contracts.tokens.USDC.address
    const receiver = Keypair.generate().publicKey
    const amountIn = 80_000_000n
    const before = await balanceOf(arb.client, usdc, user.address)
    const result = await executeEvmOrder({
      ...devnetValueFlow,
      intent: {
        srcChainId: 42161,
        dstChainId: 7565164,
        sender: user.address,
        tokenIn: usdc,
        amountIn,
        tokenOut: SOLANA_USDC_MINT,
        minTakeAmount: 70_000_000n,
        receiver: receiver.toBase58(),
        srcAuthority: user.address,
        dstAuthority: devnetSolanaKeypair('user').publicKey.toBase58(),
        cancelBeneficiary: user.address,
        allowedTaker: 'any',
      },
      api: testApi(devnet.sim.baseUrl),
      sender,
    })
    expect(result.created.orderId).toBe(result.quote.orderId)
    expect(await balanceOf(arb.client, usdc, user.address)).toBe(before - amountIn)
    // The order's receiver is the Solana key, as 32 bytes.
    expect(result.verified.order.receiverDst).toBe(
      `0x${Buffer.from(receiver.toBytes()).toString('hex')}`,
    )
    await solver.waitFor<{ orderId: Hex }>('filled', (e) => e.orderId === result.orderId)
    const connection = new Connection(devnet.solana!.rpcUrl, 'confirmed')
    const ata = getAssociatedTokenAddressSync(new PublicKey(SOLANA_USDC_MINT), receiver, true)
    const received = BigInt((await connection.getTokenAccountBalance(ata)).value.amount)
    expect(received).toBe(result.verified.order.takeAmount)
    expect(received).toBeGreaterThanOrEqual(70_000_000n)
  })
})
