import { join } from 'node:path'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Keypair, PublicKey } from '@solana/web3.js'
import type { Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { encodeBase58 } from '../../../src/chains/base58.ts'
import { SolanaSendError } from '../../../src/chains/solana/SolanaSendError.ts'
import { systemClock } from '../../../src/common/clock.ts'
import { silentLogger } from '../../../src/common/Logger.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import { SOLANA_USDC_MINT } from '../../../src/devnet/startDevnet.ts'
import { autoCancelOrder } from '../../../src/execute/autoCancelOrder.ts'
import { cancelIntentOrder } from '../../../src/execute/cancelIntentOrder.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import type { EngineEvent } from '../../../src/observe/engineEvents.ts'
import { toJournalStore } from '../../../src/store/sqlite/toJournalStore.ts'
import { SolanaValueFlowError } from '../../../src/verify/SolanaValueFlowError.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import {
  cancel,
  cancelAttackKit,
  cancelParams,
  connection,
  createOrder,
  devnet,
  dir,
  journal,
  proxy,
  SOLANA_CANCEL_COST_LAMPORTS,
  sender,
  solUser,
  solver,
  takeStatus,
  usdcIntoSolana,
  useCancelProxy,
  useEvmToSolanaWorld,
  writeLiveCancelConfig,
} from './evmToSolanaWorld.ts'
import { balanceOf, devnetValueFlow, testApi, user } from './executorHarness.ts'

useEvmToSolanaWorld()

describe('executeEvmOrder to Solana', () => {
  test('default: USDC 42161 → Solana USDC: verified, created, and the receiver gets takeAmount', async () => {
    const arb = devnet.evm[0]!
    const usdc = arb.contracts.tokens.USDC.address
    const receiver = Keypair.generate().publicKey
    const amountIn = 80_000_000n
    const before = await balanceOf(arb.client, usdc, user.address)
    const result = await executeEvmOrder({
      ...devnetValueFlow,
      intent: usdcIntoSolana(usdc, amountIn, 70_000_000n, receiver),
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
    const ata = getAssociatedTokenAddressSync(new PublicKey(SOLANA_USDC_MINT), receiver, true)
    const received = BigInt((await connection.getTokenAccountBalance(ata)).value.amount)
    expect(received).toBe(result.verified.order.takeAmount)
    expect(received).toBeGreaterThanOrEqual(70_000_000n)
    // The fill leaves DlnDestination's take state, ferry's fill evidence.
    expect(await takeStatus(result.orderId)).toBe('Fulfilled')
  })
})

describe('cancelSolanaOrder: an unfilled EVM → Solana order cancelled on Solana', () => {
  const attacker = Keypair.generate().publicKey
  const stolenLamports = 500_000_000n
  useCancelProxy()

  const {
    attackerEvm,
    attackCancel,
    cancelRefunding,
    sendBlind,
    simulateAsFerry,
    createOrderWithoutBeneficiary,
  } = cancelAttackKit(attacker, stolenLamports)

  test('default: the take state becomes SentCancel, the maker is refunded on 42161, the intent ends cancelled', async () => {
    const arb = devnet.evm[0]!
    const usdc = arb.contracts.tokens.USDC.address
    const usdcBefore = await balanceOf(arb.client, usdc, user.address)
    const orderId = await createOrder('sol-cancel', 60_000_000n, Keypair.generate().publicKey)
    expect(await balanceOf(arb.client, usdc, user.address)).toBe(usdcBefore - 60_000_000n)
    const lamportsBefore = BigInt(await connection.getBalance(solUser.publicKey))

    const result = await cancel(orderId)

    expect(result).toMatchObject({
      orderId,
      intentId: 'sol-cancel',
      resumed: false,
      beneficiary: user.address,
      orderState: 'ClaimedOrderCancel',
    })
    expect(await takeStatus(orderId)).toBe('SentCancel')
    // Every unit of the give token is back on the source.
    expect(await balanceOf(arb.client, usdc, user.address)).toBe(usdcBefore)
    expect(result.refund?.beneficiary).toBe(user.address)
    // On Solana only the cancel's documented cost left our wallet (docs/dln.md §4.10): the real
    // dln_dst cancel, run by the devnet's stand-in.
    expect(BigInt(await connection.getBalance(solUser.publicKey))).toBe(
      lamportsBefore - SOLANA_CANCEL_COST_LAMPORTS,
    )
    expect(journal.getIntent('sol-cancel')?.state).toBe('cancelled')
    const cancels = journal.attemptsOf('sol-cancel').filter((a) => a.kind === 'cancel')
    expect(cancels.map((a) => [a.family, a.hash, a.state])).toEqual([
      ['solana', result.cancelTxHash, 'confirmed'],
    ])
  })

  test('attack: a cancel that also pays the attacker works on the devnet when signed blindly, and ferry refuses it by rule and by simulation', async () => {
    // Without ferry's checks: the user signs the service's tampered cancel and sends it.
    const blind = await createOrder('sol-cancel-blind', 30_000_000n, Keypair.generate().publicKey)
    await sendBlind(await attackCancel(blind))
    // The solver's cancel event is the proof it landed (the devnet has no websocket to confirm on).
    await solver.waitFor<{ orderId: Hex }>('cancelled', (e) => e.orderId === blind)
    expect(await takeStatus(blind)).toBe('SentCancel')
    expect(BigInt(await connection.getBalance(attacker))).toBe(stolenLamports)

    // Through ferry: the same tampering from the service is refused before anything is signed.
    const orderId = await createOrder(
      'sol-cancel-attack',
      30_000_000n,
      Keypair.generate().publicKey,
    )
    const tampered = await attackCancel(orderId)
    // The simulator answers wrapped in tx, as deBridge's docs show (docs/dln.md §3.5).
    proxy.tamper = (path, _query, body) => {
      if (!path.endsWith('/cancel-tx')) return body
      const answer = body as { tx: Record<string, unknown> }
      return { ...answer, tx: { ...answer.tx, data: tampered } }
    }
    const lamportsBefore = BigInt(await connection.getBalance(solUser.publicKey))
    const error = await cancel(orderId, proxy.url).catch((e: unknown) => e)
    proxy.tamper = undefined
    expect(error).toBeInstanceOf(VerificationError)
    // By rule: a System transfer to someone else is not an allowed shape.
    expect((error as VerificationError).field).toBe('instructions[5].to')
    // By simulation too: the same bytes, simulated, take more than the fees and the rent.
    const simulated = await simulateAsFerry(tampered)
    expect(simulated).toBeInstanceOf(SolanaValueFlowError)
    expect((simulated as SolanaValueFlowError).rule).toBe('walletLamports')
    expect(proxy.seen.some((p) => p.endsWith(`/order/${orderId}/cancel-tx`))).toBe(true)
    expect(journal.attemptsOf('sol-cancel-attack').filter((a) => a.kind === 'cancel')).toEqual([])
    expect(await takeStatus(orderId)).toBeUndefined()
    expect(BigInt(await connection.getBalance(solUser.publicKey))).toBe(lamportsBefore)
    expect(BigInt(await connection.getBalance(attacker))).toBe(stolenLamports)
    expect(journal.getIntent('sol-cancel-attack')?.state).toBe('created')
  })

  test('attack: a cancel refunding someone else moves the refund to them when signed blindly, and ferry refuses it by rule and by simulation', async () => {
    const arb = devnet.evm[0]!
    const usdc = arb.contracts.tokens.USDC.address
    // Real: an order that names no cancel beneficiary, cancelled with the authority's key
    // straight to the devnet, refunding the attacker: the give arrives at the attacker.
    const open = await createOrderWithoutBeneficiary(25_000_000n)
    const attackerBefore = await balanceOf(arb.client, usdc, attackerEvm)
    await sendBlind(await cancelRefunding(open, attackerEvm))
    await solver.waitFor<{ orderId: Hex }>('cancelled', (e) => e.orderId === open)
    expect(await takeStatus(open)).toBe('SentCancel')
    expect(await balanceOf(arb.client, usdc, attackerEvm)).toBe(attackerBefore + 25_000_000n)

    // ferry's orders name ferry as their cancel beneficiary. A service cancel refunding the
    // attacker is refused by rule, before anything is signed...
    const orderId = await createOrder(
      'sol-cancel-foreign',
      20_000_000n,
      Keypair.generate().publicKey,
    )
    const foreign = await cancelRefunding(orderId, attackerEvm)
    proxy.tamper = (path, _query, body) => {
      if (!path.endsWith('/cancel-tx')) return body
      const answer = body as { tx: Record<string, unknown> }
      return { ...answer, tx: { ...answer.tx, data: foreign, cancelBeneficiary: attackerEvm } }
    }
    const error = await cancel(orderId, proxy.url).catch((e: unknown) => e)
    proxy.tamper = undefined
    expect(error).toBeInstanceOf(VerificationError)
    expect((error as VerificationError).field).toBe('sendOrderCancel.cancelBeneficiary')
    // ...and by simulation: dln_dst itself refuses a beneficiary the order does not allow.
    const simulated = await simulateAsFerry(foreign)
    expect(simulated).toBeInstanceOf(SolanaSendError)
    expect((simulated as SolanaSendError).state).toBe('simulationFailed')
    expect((simulated as SolanaSendError).message).toContain('NotAllowedCancelBeneficiary')
    expect(await takeStatus(orderId)).toBeUndefined()
    expect(journal.attemptsOf('sol-cancel-foreign').filter((a) => a.kind === 'cancel')).toEqual([])
  })

  test('default: `ferry cancel --live` cancels an order into Solana with wallets.solana and prints the refund', async () => {
    const arb = devnet.evm[0]!
    const usdc = arb.contracts.tokens.USDC.address
    const usdcBefore = await balanceOf(arb.client, usdc, user.address)
    const orderId = await createOrder('sol-cancel-cli', 20_000_000n, Keypair.generate().publicKey)
    const config = writeLiveCancelConfig()
    const run = await runFerry(
      [
        'cancel',
        orderId,
        '--config',
        config,
        '--journal',
        join(dir, 'journal.sqlite'),
        '--live',
        '--json',
      ],
      {
        CANCEL_TEST_EVM_KEY: user.privateKey,
        CANCEL_TEST_SOL_KEY: encodeBase58(solUser.secretKey),
      },
      60_000,
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({
      orderId,
      intentId: 'sol-cancel-cli',
      srcChainId: 42161,
      dstChainId: 7565164,
      resumed: false,
      orderState: 'ClaimedOrderCancel',
      refund: { beneficiary: user.address },
    })
    expect(await takeStatus(orderId)).toBe('SentCancel')
    expect(await balanceOf(arb.client, usdc, user.address)).toBe(usdcBefore)
    expect(journal.getIntent('sol-cancel-cli')?.state).toBe('cancelled')
  })

  test('behavior: the auto-cancel of an order into Solana takes the Solana path and reports `cancelled`', async () => {
    const orderId = await createOrder('sol-auto-cancel', 40_000_000n, Keypair.generate().publicKey)
    const events: EngineEvent[] = []
    const outcome = await autoCancelOrder({
      order: {
        intentId: 'sol-auto-cancel',
        orderId,
        srcChainId: 42161,
        dstChainId: 7565164,
        hasHook: false,
      },
      journal: toJournalStore(journal),
      // No EVM sender on the destination: only the Solana side can cancel it.
      sender: undefined,
      solana: { connection, secretKey: solUser.secretKey, api: testApi(devnet.sim.baseUrl) },
      source: devnet.evm[0]!.client,
      sourceAddress: user.address,
      refundTimeoutMs: 30_000,
      pollIntervalMs: 50,
      sourceConfirmations: 1,
      clock: systemClock,
      logger: silentLogger,
      emit: (e) => events.push(e),
    })
    expect(outcome.state).toBe('cancelled')
    expect(await takeStatus(orderId)).toBe('SentCancel')
    expect(journal.getOrder(orderId)?.state).toBe('ClaimedOrderCancel')
    const cancel = journal.attemptsOf('sol-auto-cancel').find((a) => a.kind === 'cancel')
    expect(events).toEqual([
      {
        type: 'cancelled',
        intentId: 'sol-auto-cancel',
        orderId,
        chainId: 7565164,
        txHash: cancel?.hash,
      },
    ])
  })

  test('behavior: a second run after the cancel (a restart before the refund) follows it and never signs again', async () => {
    const orderId = await createOrder(
      'sol-cancel-resume',
      40_000_000n,
      Keypair.generate().publicKey,
    )
    const base = cancelParams(orderId)
    const first = await cancelIntentOrder({ ...base, waitForRefund: false })
    expect(first).toMatchObject({
      resumed: false,
      refund: undefined,
      orderState: 'SentOrderCancel',
    })
    expect(journal.getIntent('sol-cancel-resume')?.state).toBe('created')
    const again = await cancelIntentOrder(base)
    expect(again).toMatchObject({
      resumed: true,
      cancelTxHash: first.cancelTxHash,
      orderState: 'ClaimedOrderCancel',
    })
    expect(journal.attemptsOf('sol-cancel-resume').filter((a) => a.kind === 'cancel')).toHaveLength(
      1,
    )
    expect(journal.getIntent('sol-cancel-resume')?.state).toBe('cancelled')
  })
})
