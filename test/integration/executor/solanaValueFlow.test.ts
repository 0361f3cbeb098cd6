import {
  createAssociatedTokenAccountInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type ApiClient, createApiClient } from '../../../src/api/createApiClient.ts'
import { executeSolanaOrder } from '../../../src/chains/solana/executeSolanaOrder.ts'
import { simulateSolanaValueFlow } from '../../../src/chains/solana/simulateSolanaValueFlow.ts'
import { createMemorySolanaSendJournal } from '../../../src/chains/solana/solanaSendJournal.ts'
import {
  judgeSolanaValueFlow,
  type SolanaValueFlowExpectation,
} from '../../../src/chains/verify/judgeSolanaValueFlow.ts'
import { VerificationError } from '../../../src/chains/verify/VerificationError.ts'
import { devnetSolanaKeypair } from '../../../src/sim/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/sim/devnet/startDevnet.ts'
import { mutateSolanaTx } from '../../helpers/mutateSolanaTx.ts'
import { countWalletTransactions, solanaToBaseOrder } from '../../helpers/solanaExecutorHarness.ts'

const user = devnetSolanaKeypair('user')
const me = user.publicKey.toBase58()
const attacker = Keypair.generate().publicKey
const AMOUNT = 250_000_000n
const STOLEN = 100_000_000n

let devnet: Devnet
let rpcUrl: string
let escrow: string
let usdc: string
let api: ApiClient
let connection: Connection

beforeAll(async () => {
  devnet = await startDevnet({ evmChainIds: [8453], solana: true, solver: false })
  rpcUrl = devnet.solana!.rpcUrl
  escrow = devnet.solana!.escrow
  usdc = devnet.solana!.usdcMint
  connection = new Connection(rpcUrl, 'confirmed')
  api = createApiClient({
    apiUrl: devnet.sim.baseUrl,
    statsUrl: devnet.sim.statsUrl,
    requestsPerMinute: 100_000,
  })
  // The attacker's USDC account exists, so an extra transfer to it really lands. The devnet
  // lands a transaction when it is sent.
  const create = new VersionedTransaction(
    new TransactionMessage({
      payerKey: user.publicKey,
      recentBlockhash: (await connection.getLatestBlockhash('confirmed')).blockhash,
      instructions: [
        createAssociatedTokenAccountInstruction(
          user.publicKey,
          attackerUsdcAccount(),
          attacker,
          new PublicKey(usdc),
        ),
      ],
    }).compileToV0Message(),
  )
  create.sign([user])
  await connection.sendTransaction(create)
}, 60_000)
afterAll(async () => {
  await devnet?.stop()
})

const myUsdcAccount = () => getAssociatedTokenAddressSync(new PublicKey(usdc), user.publicKey)
const attackerUsdcAccount = () => getAssociatedTokenAddressSync(new PublicKey(usdc), attacker)
const usdcOf = async (account: PublicKey): Promise<bigint> =>
  BigInt((await connection.getTokenAccountBalance(account)).value.amount)

/** What the honest order may do to ferry's accounts: the give, the fee, tx fees, rent. */
const expected = (): SolanaValueFlowExpectation => ({
  wallet: me,
  tokenAccount: myUsdcAccount().toBase58(),
  amountIn: AMOUNT,
  fixedFeeLamports: 15_000_000n,
  txFeeLamports: 10_005_000n,
  maxRentLamports: 5_157_360n,
})

/** The honest order tx plus one more SPL transfer of ferry's USDC to the attacker. */
const withExtraTransfer = (txData: Hex): Hex =>
  mutateSolanaTx(txData, (ixs: TransactionInstruction[]) => [
    ...ixs,
    createTransferCheckedInstruction(
      myUsdcAccount(),
      new PublicKey(usdc),
      attackerUsdcAccount(),
      user.publicKey,
      STOLEN,
      6,
    ),
  ])

async function honestOrderTx(): Promise<Hex> {
  const { request } = solanaToBaseOrder(me, usdc, AMOUNT, 249_000_000n)
  const answer = await api.createOrderTx({ ...request, senderAddress: me } as Parameters<
    ApiClient['createOrderTx']
  >[0])
  if (answer.kind !== 'tx') throw new Error('expected a tx answer')
  return answer.quote.tx.data as Hex
}

async function freshUnsigned(txData: Hex): Promise<VersionedTransaction> {
  const tx = VersionedTransaction.deserialize(hexToBytes(txData))
  tx.message.recentBlockhash = (await connection.getLatestBlockhash('confirmed')).blockhash
  return tx
}

describe('Solana value flow: a tx with an extra transfer instruction', () => {
  test('attack is real: signed and sent without ferry checks, it moves ferry USDC to a third party', async () => {
    const tx = await freshUnsigned(withExtraTransfer(await honestOrderTx()))
    const before = await usdcOf(attackerUsdcAccount())
    tx.sign([user])
    await connection.sendTransaction(tx)
    expect((await usdcOf(attackerUsdcAccount())) - before).toBe(STOLEN)
  })

  test('the simulated deltas alone catch it: more USDC leaves ferry than the order gives', async () => {
    const tx = await freshUnsigned(withExtraTransfer(await honestOrderTx()))
    const flow = await simulateSolanaValueFlow(connection, {
      tx,
      wallet: me,
      tokenAccount: myUsdcAccount().toBase58(),
    })
    const violations = judgeSolanaValueFlow(flow.pre, flow.post, expected())
    expect(violations.map((v) => v.rule)).toEqual(['tokenOutflow'])
    expect(violations[0]!.message).toContain(`${AMOUNT + STOLEN} base units would leave`)
    // The honest tx passes the same judge.
    const honest = await simulateSolanaValueFlow(connection, {
      tx: await freshUnsigned(await honestOrderTx()),
      wallet: me,
      tokenAccount: myUsdcAccount().toBase58(),
    })
    expect(judgeSolanaValueFlow(honest.pre, honest.post, expected())).toEqual([])
  })

  test('ferry refuses it with the rule named: nothing signed or sent, balances unchanged', async () => {
    const { request, intent } = solanaToBaseOrder(me, usdc, AMOUNT, 249_000_000n)
    const lying: Pick<ApiClient, 'createOrderTx'> = {
      createOrderTx: (async (params: Parameters<ApiClient['createOrderTx']>[0]) => {
        const result = await api.createOrderTx(params)
        if (result.kind !== 'tx') return result
        const data = withExtraTransfer(result.quote.tx.data as Hex)
        return { ...result, quote: { ...result.quote, tx: { ...result.quote.tx, data } } }
      }) as ApiClient['createOrderTx'],
    }
    const [usdcBefore, lamportsBefore, txsBefore] = [
      await usdcOf(myUsdcAccount()),
      await connection.getBalance(user.publicKey),
      await countWalletTransactions(rpcUrl, me),
    ]
    const journal = createMemorySolanaSendJournal()
    const error = await executeSolanaOrder({
      connection,
      api: lying,
      request,
      intent,
      secretKey: user.secretKey,
      journal,
      config: { orderProgramId: escrow },
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VerificationError)
    expect((error as VerificationError).message).toContain('refusing to sign')
    expect((error as VerificationError).field).toBe('tokenTransfers')
    expect(journal.records).toEqual([])
    expect(await usdcOf(myUsdcAccount())).toBe(usdcBefore)
    expect(await connection.getBalance(user.publicKey)).toBe(lamportsBefore)
    expect(await countWalletTransactions(rpcUrl, me)).toBe(txsBefore)
  })

  test('a System transfer of ferry lamports to a third party is refused too, and proven real', async () => {
    const steal = (txData: Hex): Hex =>
      mutateSolanaTx(txData, (ixs) => [
        ...ixs,
        SystemProgram.transfer({ fromPubkey: user.publicKey, toPubkey: attacker, lamports: 1e8 }),
      ])
    const raw = await freshUnsigned(steal(await honestOrderTx()))
    const flow = await simulateSolanaValueFlow(connection, {
      tx: raw,
      wallet: me,
      tokenAccount: myUsdcAccount().toBase58(),
    })
    const violations = judgeSolanaValueFlow(flow.pre, flow.post, expected())
    expect(violations.map((v) => v.rule)).toEqual(['lamportOutflow'])
    raw.sign([user])
    const before = await connection.getBalance(attacker)
    await connection.sendTransaction(raw)
    expect((await connection.getBalance(attacker)) - before).toBe(1e8)
  })
})
