import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Connection, Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js'
import { type Address, createWalletClient, encodeFunctionData, type Hex, http } from 'viem'
import { describe, expect, test } from 'vitest'
import { ServiceError } from '../../../src/api/ServiceError.ts'
import { dlnDestinationAbi } from '../../../src/chains/abi/dlnDestinationAbi.ts'
import { readMessagingFee } from '../../../src/chains/evm/readMessagingFee.ts'
import { devnetEvmAccount, devnetSolanaKeypair } from '../../../src/devnet/devnetAccounts.ts'
import { SOLANA_USDC_MINT } from '../../../src/devnet/startDevnet.ts'
import {
  api,
  balanceOf,
  chain,
  devnet,
  hookAbi,
  placeEvmOrder,
  solverEvents,
  useEndToEndWorld,
  user,
} from './endToEndWorld.ts'

useEndToEndWorld()

describe('devnet end to end (plain viem and web3.js, no ferry engine)', () => {
  test('default: EVM → EVM with a hook: created, filled at takeAmount, hook executed, steps Executed', async () => {
    const recipient = '0x4444444444444444444444444444444444444444' as Address
    const baseUsdc = chain(8453).contracts.tokens.USDC.address
    const hookTarget = chain(8453).contracts.hookTarget
    const pulled = 1_000_000n
    const before = await balanceOf(8453, baseUsdc, recipient)
    const { quote, orderId } = await placeEvmOrder({
      srcChainId: 42161,
      srcChainTokenIn: chain(42161).contracts.tokens.USDC.address,
      srcChainTokenInAmount: 250_000_000n,
      dstChainId: 8453,
      dstChainTokenOut: baseUsdc,
      dstChainTokenOutAmount: 'auto',
      dstChainTokenOutRecipient: recipient,
      srcChainOrderAuthorityAddress: user.address,
      dstChainOrderAuthorityAddress: user.address,
      srcAllowedCancelBeneficiary: user.address,
      senderAddress: user.address,
      enableEstimate: true,
      prependOperatingExpenses: true,
      netHook: {
        type: 'evm_transaction_call',
        data: {
          to: hookTarget,
          calldata: encodeFunctionData({
            abi: hookAbi,
            functionName: 'pull',
            args: [baseUsdc, pulled, recipient],
          }),
          gas: 200_000,
        },
      },
    })
    expect(orderId).toBe(quote.orderId)
    expect(quote.tx.gasLimit).toBeGreaterThan(0)
    const filled = await solverEvents.waitFor<{ orderId: Hex; txHash: string }>(
      'filled',
      (e) => e.orderId === orderId,
    )
    const takeAmount = BigInt(quote.estimation.dstChainTokenOut.amount)
    expect((await balanceOf(8453, baseUsdc, recipient)) - before).toBe(takeAmount - pulled)
    const credited = await chain(8453).client.readContract({
      address: hookTarget,
      abi: hookAbi,
      functionName: 'credited',
      args: [recipient, baseUsdc],
    })
    expect(credited).toBe(pulled)
    const process = await api.getExternalCallProcess(orderId)
    expect(process.totalInstructionsCount).toBe(1)
    expect(process.steps.map((s) => s.status)).toEqual(['Executed'])
    expect(process.steps[0]!.eventMetadata.transactionHash.stringValue).toBe(filled.txHash)
    const fillReceipt = await chain(8453).client.getTransactionReceipt({
      hash: filled.txHash as Hex,
    })
    expect(process.steps[0]!.eventMetadata.blockNumber).toBe(Number(fillReceipt.blockNumber))
    expect(process.steps[0]!.eventMetadata.initiator.stringValue.toLowerCase()).toBe(
      devnetEvmAccount('solver').address.toLowerCase(),
    )
    // The unlock reaches the source: the solver is paid on 42161.
    await solverEvents.waitFor<{ orderId: Hex }>('unlocked', (e) => e.orderId === orderId)
  })

  test('behavior: EVM → Solana: the receiver token account rises by takeAmount', async () => {
    const receiver = Keypair.generate().publicKey
    const { quote, orderId } = await placeEvmOrder({
      srcChainId: 42161,
      srcChainTokenIn: chain(42161).contracts.tokens.USDC.address,
      srcChainTokenInAmount: 100_000_000n,
      dstChainId: 7565164,
      dstChainTokenOut: SOLANA_USDC_MINT,
      dstChainTokenOutAmount: 'auto',
      dstChainTokenOutRecipient: receiver.toBase58(),
      srcChainOrderAuthorityAddress: user.address,
      dstChainOrderAuthorityAddress: devnetSolanaKeypair('user').publicKey.toBase58(),
      srcAllowedCancelBeneficiary: user.address,
      senderAddress: user.address,
      netHook: { type: 'solana_serialized_instructions', data: { instructions: '0x0102' } },
    })
    expect(orderId).toBe(quote.orderId)
    const filled = await solverEvents.waitFor<{ orderId: Hex; txHash: string }>(
      'filled',
      (e) => e.orderId === orderId,
    )
    await solverEvents.waitFor<{ orderId: Hex }>('hook', (e) => e.orderId === orderId)
    const connection = new Connection(devnet.solana!.rpcUrl, 'confirmed')
    const ata = getAssociatedTokenAddressSync(new PublicKey(SOLANA_USDC_MINT), receiver, true)
    expect((await connection.getTokenAccountBalance(ata)).value.amount).toBe(
      quote.estimation.dstChainTokenOut.amount,
    )
    const process = await api.getExternalCallProcess(orderId)
    expect(
      process.steps.map((s) => [s.status, s.eventMetadata.transactionHash.stringValue]),
    ).toEqual([['Executed', filled.txHash]])
  })

  test('behavior: Solana → EVM: the deposit is seen, filled on Base, hook executed', async () => {
    const solUser = devnetSolanaKeypair('user')
    const recipient = '0x5555555555555555555555555555555555555555' as Address
    const baseUsdc = chain(8453).contracts.tokens.USDC.address
    const result = await api.createOrderTx({
      srcChainId: 7565164,
      srcChainTokenIn: SOLANA_USDC_MINT,
      srcChainTokenInAmount: 50_000_000n,
      dstChainId: 8453,
      dstChainTokenOut: baseUsdc,
      dstChainTokenOutAmount: 'auto',
      dstChainTokenOutRecipient: recipient,
      srcChainOrderAuthorityAddress: solUser.publicKey.toBase58(),
      dstChainOrderAuthorityAddress: user.address,
      srcAllowedCancelBeneficiary: solUser.publicKey.toBase58(),
      senderAddress: solUser.publicKey.toBase58(),
      netHook: {
        type: 'evm_transaction_call',
        data: {
          to: chain(8453).contracts.hookTarget,
          calldata: encodeFunctionData({
            abi: hookAbi,
            functionName: 'pull',
            args: [baseUsdc, 1n, recipient],
          }),
          gas: 200_000,
        },
      },
    })
    if (result.kind !== 'tx') throw new Error('expected a transaction')
    const connection = new Connection(devnet.solana!.rpcUrl, 'confirmed')
    const tx = VersionedTransaction.deserialize(Buffer.from(result.quote.tx.data.slice(2), 'hex'))
    tx.message.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    tx.sign([solUser])
    const before = await balanceOf(8453, baseUsdc, recipient)
    await connection.sendTransaction(tx)
    const orderId = result.quote.orderId as Hex
    const filled = await solverEvents.waitFor<{ orderId: Hex; txHash: string }>(
      'filled',
      (e) => e.orderId === orderId,
    )
    expect((await balanceOf(8453, baseUsdc, recipient)) - before).toBe(
      BigInt(result.quote.estimation.dstChainTokenOut.amount) - 1n,
    )
    const process = await api.getExternalCallProcess(orderId)
    expect(
      process.steps.map((s) => [s.status, s.eventMetadata.transactionHash.stringValue]),
    ).toEqual([['Executed', filled.txHash]])
    // The unlock pays the solver out of the order’s giveOrderWallet (dln_src’s claimUnlock).
    await solverEvents.waitFor<{ orderId: Hex }>('unlocked', (e) => e.orderId === orderId)
  })

  test('behavior: cancel path: never filled, cancelled by the destination authority, refunded in full', async () => {
    const arbUsdc = chain(42161).contracts.tokens.USDC.address
    const usdcBefore = await balanceOf(42161, arbUsdc, user.address)
    devnet.solver!.setPolicy({ neverFill: true })
    const { quote, orderId, order } = await placeEvmOrder({
      srcChainId: 42161,
      srcChainTokenIn: arbUsdc,
      srcChainTokenInAmount: 75_000_000n,
      dstChainId: 8453,
      dstChainTokenOut: chain(8453).contracts.tokens.USDC.address,
      dstChainTokenOutAmount: 'auto',
      dstChainTokenOutRecipient: user.address,
      srcChainOrderAuthorityAddress: user.address,
      dstChainOrderAuthorityAddress: user.address,
      srcAllowedCancelBeneficiary: user.address,
      senderAddress: user.address,
    })
    const paid = BigInt(quote.estimation.srcChainTokenIn.amount)
    expect(await balanceOf(42161, arbUsdc, user.address)).toBe(usdcBefore - paid)
    const dst = chain(8453)
    const wallet = createWalletClient({ account: user.account, transport: http(dst.rpcUrl) })
    const cancel = await wallet.writeContract({
      chain: null,
      address: dst.contracts.dlnDestination,
      abi: dlnDestinationAbi,
      functionName: 'sendEvmOrderCancel',
      args: [order, user.address, 0n],
      value: (
        await readMessagingFee(dst.client, {
          dlnDestination: dst.contracts.dlnDestination,
          chainIdTo: order.giveChainId,
        })
      ).messagingFeeWei,
    })
    expect((await dst.client.waitForTransactionReceipt({ hash: cancel })).status).toBe('success')
    const ethBefore = await chain(42161).client.getBalance({ address: user.address })
    await solverEvents.waitFor<{ orderId: Hex }>('cancelled', (e) => e.orderId === orderId)
    // Full give amount (order amount + protocol fee) back in USDC, and the fixed fee in ether.
    expect(await balanceOf(42161, arbUsdc, user.address)).toBe(usdcBefore)
    expect((await chain(42161).client.getBalance({ address: user.address })) - ethBefore).toBe(
      BigInt(quote.fixFee),
    )
    // Only now: a solver that saw the order later than the policy change would try to fill it.
    devnet.solver!.setPolicy({ fillDelayMs: 50 })
  })

  test('behavior: misbehaviour knobs: a failed hook and partial steps show in externalCallProcess', async () => {
    const baseUsdc = chain(8453).contracts.tokens.USDC.address
    const order = (recipient: Address) => ({
      srcChainId: 42161,
      srcChainTokenIn: chain(42161).contracts.tokens.USDC.address,
      srcChainTokenInAmount: 20_000_000n,
      dstChainId: 8453,
      dstChainTokenOut: baseUsdc,
      dstChainTokenOutAmount: 'auto' as const,
      dstChainTokenOutRecipient: recipient,
      srcChainOrderAuthorityAddress: user.address,
      dstChainOrderAuthorityAddress: user.address,
      srcAllowedCancelBeneficiary: user.address,
      senderAddress: user.address,
      netHook: {
        type: 'evm_transaction_call' as const,
        data: {
          to: chain(8453).contracts.hookTarget,
          calldata: encodeFunctionData({
            abi: hookAbi,
            functionName: 'pull',
            args: [baseUsdc, 1n, recipient],
          }),
          gas: 200_000,
        },
      },
    })
    devnet.solver!.setPolicy({ fillDelayMs: 50, hook: 'fail' })
    const failed = await placeEvmOrder(order('0x6666666666666666666666666666666666666666'))
    await solverEvents.waitFor<{ orderId: Hex }>('hook', (e) => e.orderId === failed.orderId)
    expect((await api.getExternalCallProcess(failed.orderId)).steps.map((s) => s.status)).toEqual([
      'Failed',
    ])
    devnet.solver!.setPolicy({ fillDelayMs: 50, partialSteps: true })
    const partial = await placeEvmOrder(order('0x7777777777777777777777777777777777777777'))
    await solverEvents.waitFor<{ orderId: Hex; stepNumber: number }>(
      'hook',
      (e) => e.orderId === partial.orderId && e.stepNumber === 2,
    )
    const process = await api.getExternalCallProcess(partial.orderId)
    expect(process.totalInstructionsCount).toBe(2)
    expect(process.steps.map((s) => s.status)).toEqual(['Executed', 'Pending'])
    devnet.solver!.setPolicy({ fillDelayMs: 50 })
  })

  test('behavior: enableEstimate fails on real state without the approval or the balance (docs/service.md §7 rule 2)', async () => {
    const arb = chain(42161)
    const base = {
      srcChainId: 42161,
      srcChainTokenIn: arb.contracts.tokens.USDT.address,
      srcChainTokenInAmount: 10_000_000n,
      dstChainId: 8453,
      dstChainTokenOut: chain(8453).contracts.tokens.USDC.address,
      dstChainTokenOutAmount: 'auto' as const,
      dstChainTokenOutRecipient: user.address,
      srcChainOrderAuthorityAddress: user.address,
      dstChainOrderAuthorityAddress: user.address,
      enableEstimate: true,
    }
    // The user holds USDT but never approved the forwarder.
    const noAllowance = await api
      .createOrderTx({ ...base, senderAddress: user.address })
      .catch((e: unknown) => e)
    expect(noAllowance).toBeInstanceOf(ServiceError)
    expect((noAllowance as ServiceError).body).toMatchObject({ errorId: 'ESTIMATION_FAILED' })
    // A wallet with nothing at all.
    const empty = '0x8888888888888888888888888888888888888888'
    const noBalance = await api
      .createOrderTx({ ...base, senderAddress: empty, srcChainOrderAuthorityAddress: empty })
      .catch((e: unknown) => e)
    expect((noBalance as ServiceError).body.errorId).toBe('ESTIMATION_FAILED')
    expect((noBalance as ServiceError).status).toBe(400)
  })
})
