import {
  AuthorityType,
  createApproveCheckedInstruction,
  createSetAuthorityInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  type TransactionInstruction,
  VersionedTransaction,
} from '@solana/web3.js'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type ApiClient, createApiClient } from '../../../src/api/createApiClient.ts'
import type { BuildableCreateTxParams } from '../../../src/api/requests/buildCreateTxQuery.ts'
import { createMemorySolanaSendJournal } from '../../../src/chains/solana/solanaSendJournal.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import { devnetSolanaKeypair } from '../../../src/devnet/devnetAccounts.ts'
import { callSolanaDevnet } from '../../../src/devnet/solana/callSolanaDevnet.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { executeSolanaOrder } from '../../../src/execute/solana/executeSolanaOrder.ts'
import { SolanaValueFlowError } from '../../../src/verify/SolanaValueFlowError.ts'
import { simulateSolanaValueFlow } from '../../../src/verify/simulateSolanaValueFlow.ts'
import { verifySolanaOrderTx } from '../../../src/verify/verifySolanaOrderTx.ts'
import { mutateSolanaTx } from '../../helpers/mutateSolanaTx.ts'
import {
  countWalletTransactions,
  devnetSolanaValueFlow,
  LossyConnection,
  solanaToBaseOrder,
} from '../../helpers/solanaExecutorHarness.ts'

const user = devnetSolanaKeypair('user')
const me = user.publicKey
const thief = Keypair.generate().publicKey
const FAST = { pollIntervalMs: 5, rebroadcastIntervalMs: 15 }
const AMOUNT = 50_000_000n

let devnet: Devnet
let rpcUrl: string
let escrow: string
let usdc: PublicKey
let api: ApiClient
let myAta: PublicKey
let thiefAta: PublicKey

beforeAll(async () => {
  // No solver: these tests end at the deposit, and unlocks would move the escrow's balances.
  devnet = await startDevnet({ evmChainIds: [8453], solana: true, solver: false })
  rpcUrl = devnet.solana!.rpcUrl
  escrow = devnet.solana!.escrow
  usdc = new PublicKey(devnet.solana!.usdcMint)
  api = createApiClient({
    apiUrl: devnet.sim.baseUrl,
    statsUrl: devnet.sim.statsUrl,
    requestsPerMinute: 100_000,
  })
  myAta = getAssociatedTokenAddressSync(usdc, me)
  thiefAta = getAssociatedTokenAddressSync(usdc, thief)
  // The third party has a USDC account, so a transfer to it can land.
  await callSolanaDevnet(rpcUrl, 'devnet_mintTo', [usdc.toBase58(), thief.toBase58(), '0'])
}, 30_000)

afterAll(async () => {
  await devnet?.stop()
})

/** The lying service's additions to the honest order transaction. */
const attacks: Record<string, () => TransactionInstruction> = {
  'an extra SPL transfer of our USDC to a third party': () =>
    createTransferCheckedInstruction(myAta, usdc, thiefAta, me, 7_000_000n, 6),
  'an extra System transfer of our SOL to a third party': () =>
    SystemProgram.transfer({ fromPubkey: me, toPubkey: thief, lamports: 20_000_000n }),
  'an approval of our USDC to a third party': () =>
    createApproveCheckedInstruction(myAta, usdc, thief, me, 1_000_000_000n, 6),
  'our USDC account handed to a third party': () =>
    createSetAuthorityInstruction(myAta, me, AuthorityType.AccountOwner, thief),
}

function order(): ReturnType<typeof solanaToBaseOrder> {
  return solanaToBaseOrder(me.toBase58(), usdc.toBase58(), AMOUNT, 45_000_000n)
}

/** The honest create-tx answer for {@link order}, as the service returns it (unsigned). */
async function honestTxData(): Promise<{ txData: Hex; orderId: string }> {
  const { quote } = await api.createOrderTx({
    ...order().request,
    senderAddress: me.toBase58(),
  } as BuildableCreateTxParams)
  return { txData: quote.tx.data as Hex, orderId: quote.orderId }
}

/** `txData` with the latest blockhash, unsigned: the exact message that would be signed. */
async function withLatestBlockhash(connection: Connection, txData: Hex) {
  const tx = VersionedTransaction.deserialize(hexToBytes(txData))
  tx.message.recentBlockhash = (await connection.getLatestBlockhash('confirmed')).blockhash
  return tx
}

async function ours(connection: Connection) {
  const [lamports, tokens, info] = await Promise.all([
    connection.getBalance(me),
    connection.getTokenAccountBalance(myAta),
    connection.getAccountInfo(myAta),
  ])
  return { lamports, tokens: tokens.value.amount, data: info?.data.toString('base64') }
}

/** The real service client, except that each tx answer gets `extra` appended. */
function lyingApi(extra: () => TransactionInstruction): Pick<ApiClient, 'createOrderTx'> {
  return {
    createOrderTx: (async (params: Parameters<ApiClient['createOrderTx']>[0]) => {
      const result = await api.createOrderTx(params)
      if (result.kind !== 'tx') return result
      const data = mutateSolanaTx(result.quote.tx.data as Hex, (ixs) => [...ixs, extra()])
      return { ...result, quote: { ...result.quote, tx: { ...result.quote.tx, data } } }
    }) as ApiClient['createOrderTx'],
  }
}

describe('Solana value-flow attacks (docs/safety.md P-8.9)', () => {
  test('behavior: each attack is real: signed and sent without ferry, it takes from us', async () => {
    const connection = new Connection(rpcUrl, 'confirmed')
    for (const [name, extra] of Object.entries(attacks)) {
      const { txData } = await honestTxData()
      const tx = await withLatestBlockhash(
        connection,
        mutateSolanaTx(txData, (ixs) => [...ixs, extra()]),
      )
      const thiefBefore = await connection.getTokenAccountBalance(thiefAta)
      const lamportsBefore = await connection.getBalance(thief)
      tx.sign([user])
      const signature = await connection.sendRawTransaction(tx.serialize(), {
        skipPreflight: true,
      })
      const status = await connection.getSignatureStatuses([signature])
      expect(status.value[0]?.err, name).toBeNull()
      const account = await connection.getAccountInfo(myAta)
      if (name.includes('SPL transfer')) {
        const after = await connection.getTokenAccountBalance(thiefAta)
        expect(BigInt(after.value.amount) - BigInt(thiefBefore.value.amount)).toBe(7_000_000n)
      } else if (name.includes('System transfer')) {
        expect((await connection.getBalance(thief)) - lamportsBefore).toBe(20_000_000)
      } else if (name.includes('approval')) {
        // The third party may now move a thousand USDC of ours at any time.
        expect(new PublicKey(account!.data.subarray(76, 108)).equals(thief)).toBe(true)
      } else {
        expect(new PublicKey(account!.data.subarray(32, 64)).equals(thief)).toBe(true)
        // Give the account back for the next tests: the thief could, we cannot.
        await callSolanaDevnet(rpcUrl, 'devnet_mintTo', [usdc.toBase58(), me.toBase58(), '0'])
      }
    }
  })

  test('behavior: ferry refuses each at the instruction checks: the rule named, nothing signed, balances unchanged', async () => {
    const want: Record<string, string> = {
      'an extra SPL transfer of our USDC to a third party': 'tokenTransfers',
      'an extra System transfer of our SOL to a third party': 'lamportTransfers',
      'an approval of our USDC to a third party': 'instructions[5]',
      'our USDC account handed to a third party': 'instructions[5]',
    }
    for (const [name, extra] of Object.entries(attacks)) {
      const connection = new LossyConnection(rpcUrl, 'confirmed')
      const before = await ours(connection)
      const sentBefore = await countWalletTransactions(rpcUrl, me.toBase58())
      const journal = createMemorySolanaSendJournal()
      const error = await executeSolanaOrder({
        ...devnetSolanaValueFlow,
        connection,
        api: lyingApi(extra),
        ...order(),
        secretKey: user.secretKey,
        journal,
        config: { ...FAST, orderProgramId: escrow },
      }).catch((e: unknown) => e)
      expect(error, name).toBeInstanceOf(VerificationError)
      expect((error as VerificationError).field, name).toBe(want[name])
      expect(journal.records).toHaveLength(0)
      expect(connection.sends).toHaveLength(0)
      expect(await countWalletTransactions(rpcUrl, me.toBase58())).toBe(sentBefore)
      expect(await ours(connection)).toEqual(before)
    }
  })

  test('behavior: the simulated deltas alone refuse each attack, on the devnet’s own post-state', async () => {
    // With the devnet's programs every value-moving instruction is decoded, so no attack passes
    // the instruction checks; this runs the simulation step by itself on the attack bytes, held
    // to what the checks verified for the honest order, to show the second layer stands alone.
    const want: Record<string, [string, RegExp]> = {
      'an extra SPL transfer of our USDC to a third party': ['giveTokens', /57000000 left/],
      'an extra System transfer of our SOL to a third party': ['walletLamports', /35025000/],
      'an approval of our USDC to a third party': ['tokenAccountAltered', /delegate none →/],
      'our USDC account handed to a third party': ['tokenAccountAltered', /owner/],
    }
    const connection = new Connection(rpcUrl, 'confirmed')
    for (const [name, extra] of Object.entries(attacks)) {
      const { txData, orderId } = await honestTxData()
      const honest = await withLatestBlockhash(connection, txData)
      const verified = verifySolanaOrderTx({
        txData: bytesToHex(honest.serialize()),
        intent: order().intent,
        announcedOrderId: orderId,
        orderProgramId: escrow,
      })
      const attack = await withLatestBlockhash(
        connection,
        mutateSolanaTx(txData, (ixs) => [...ixs, extra()]),
      )
      const before = await ours(connection)
      const run = (tx: VersionedTransaction) =>
        simulateSolanaValueFlow({
          connection,
          tx,
          lookupTables: new Map(),
          intent: order().intent,
          verified,
          ...devnetSolanaValueFlow,
        })
      // The honest bytes pass the same judge: what leaves is the give and the fee.
      const ok = await run(honest)
      expect(ok.outflows.get(usdc.toBase58())).toBe(AMOUNT)
      const error = await run(attack).catch((e: unknown) => e)
      expect(error, name).toBeInstanceOf(SolanaValueFlowError)
      const [rule, detail] = want[name]!
      expect((error as SolanaValueFlowError).rule, name).toBe(rule)
      expect((error as SolanaValueFlowError).message, name).toMatch(detail)
      expect(await ours(connection)).toEqual(before)
    }
  })

  test('default: an honest order costs one extra RPC call (getMultipleAccounts) before it is signed', async () => {
    const calls: { method: string; params: unknown[] }[] = []
    const connection = new LossyConnection(rpcUrl, {
      commitment: 'confirmed',
      fetch: async (input, init) => {
        const body = JSON.parse(String(init?.body)) as { method: string; params: unknown[] }
        calls.push(body)
        return fetch(input, init)
      },
    })
    const result = await executeSolanaOrder({
      ...devnetSolanaValueFlow,
      connection,
      api,
      ...order(),
      secretKey: user.secretKey,
      journal: createMemorySolanaSendJournal(),
      config: { ...FAST, orderProgramId: escrow },
    })
    const methods = calls.map((c) => c.method)
    const sentAt = methods.indexOf('sendTransaction')
    expect(methods.slice(0, sentAt)).toEqual([
      'getLatestBlockhash',
      'getMultipleAccounts',
      'simulateTransaction',
    ])
    const [simulated, config] = calls[2]!.params as [
      string,
      { sigVerify: boolean; accounts: { addresses: string[] } },
    ]
    expect(config.sigVerify).toBe(false)
    expect(config.accounts.addresses.slice(0, 2)).toEqual([me.toBase58(), myAta.toBase58()])
    // The simulated message is the one that was signed and sent, unsigned.
    const sent = VersionedTransaction.deserialize(
      Buffer.from(connection.sends[0]!.base64, 'base64'),
    )
    const sim = VersionedTransaction.deserialize(Buffer.from(simulated, 'base64'))
    expect(Buffer.from(sim.message.serialize())).toEqual(Buffer.from(sent.message.serialize()))
    expect(sim.signatures[0]!.every((b) => b === 0)).toBe(true)
    expect(result.signatures).toHaveLength(1)
  })

  test('behavior: USDC reaching us between the read and the simulation is not taken for an attack', async () => {
    let reads = 0
    class RacingConnection extends LossyConnection {
      override async getMultipleAccountsInfoAndContext(
        ...args: Parameters<Connection['getMultipleAccountsInfoAndContext']>
      ) {
        const result = await super.getMultipleAccountsInfoAndContext(...args)
        if (++reads === 1) {
          // Someone pays us 1 USDC in the next slot, after our read.
          await callSolanaDevnet(rpcUrl, 'devnet_mintTo', [
            usdc.toBase58(),
            me.toBase58(),
            '1000000',
          ])
          await callSolanaDevnet(rpcUrl, 'devnet_advanceSlots', [1])
        }
        return result
      }
    }
    const connection = new RacingConnection(rpcUrl, 'confirmed')
    const result = await executeSolanaOrder({
      ...devnetSolanaValueFlow,
      connection,
      api,
      ...order(),
      secretKey: user.secretKey,
      journal: createMemorySolanaSendJournal(),
      config: { ...FAST, orderProgramId: escrow },
    })
    // The first judgement saw 1 USDC too few leave; the chain had moved, so it read again.
    expect(reads).toBe(2)
    expect(result.signatures).toHaveLength(1)
  })
})
