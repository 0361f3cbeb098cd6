import { Connection, PublicKey, VersionedTransaction } from '@solana/web3.js'
import { bytesToHex } from 'viem'
import { describe, expect, test } from 'vitest'
import { SolanaSendError } from '../../../src/chains/solana/SolanaSendError.ts'
import { createMemorySolanaSendJournal } from '../../../src/chains/solana/solanaSendJournal.ts'
import { VerificationError } from '../../../src/common/VerificationError.ts'
import { callSolanaDevnet } from '../../../src/devnet/solana/callSolanaDevnet.ts'
import { executeSolanaOrder } from '../../../src/execute/solana/executeSolanaOrder.ts'
import { SolanaValueFlowError } from '../../../src/verify/SolanaValueFlowError.ts'
import { simulateSolanaValueFlow } from '../../../src/verify/simulateSolanaValueFlow.ts'
import { verifySolanaOrderTx } from '../../../src/verify/verifySolanaOrderTx.ts'
import { mutateSolanaTx } from '../../helpers/mutateSolanaTx.ts'
import {
  countWalletTransactions,
  devnetSolanaValueFlow,
  LossyConnection,
} from '../../helpers/solanaExecutorHarness.ts'
import {
  api,
  attacks,
  FAST,
  honestTxData,
  lookupTables,
  lyingApi,
  me,
  myAta,
  order,
  ours,
  rpcUrl,
  thief,
  thiefUsdt,
  usdc,
  user,
  useSolanaValueFlowAttackWorld,
  withLatestBlockhash,
} from './solanaValueFlowAttackWorld.ts'

useSolanaValueFlowAttackWorld()

describe('Solana value-flow attacks in the real format (docs/safety.md P-8.9, docs/dln.md §4.12)', () => {
  test('behavior: each attack is real: signed with our key and sent straight to the devnet, it takes from us (the wrong nonce account dln_src refuses itself)', async () => {
    const connection = new Connection(rpcUrl, 'confirmed')
    for (const [name, attack] of Object.entries(attacks)) {
      const { txData } = await honestTxData(attack.tokenIn)
      const tx = await withLatestBlockhash(connection, mutateSolanaTx(txData, attack.mutate))
      const thiefLamports = await connection.getBalance(thief)
      const thiefTokens = BigInt((await connection.getTokenAccountBalance(thiefUsdt)).value.amount)
      tx.sign([user])
      const signature = await connection.sendRawTransaction(tx.serialize(), {
        skipPreflight: true,
      })
      const status = (await connection.getSignatureStatuses([signature])).value[0]
      if (name === 'a wrong nonce account') {
        // dln_src derives nonceMaster from the maker: the program refuses the transaction.
        expect(JSON.stringify(status?.err), name).toMatch(/ConstraintSeeds/)
        continue
      }
      expect(status?.err, name).toBeNull()
      if (name.includes('System transfer')) {
        expect((await connection.getBalance(thief)) - thiefLamports).toBe(20_000_000)
      } else if (name.includes('Jupiter')) {
        const now = BigInt((await connection.getTokenAccountBalance(thiefUsdt)).value.amount)
        expect(now - thiefTokens).toBeGreaterThan(6_000_000n)
      } else if (name.includes('wSOL')) {
        // The wSOL account's rent went to the third party instead of back to us.
        expect((await connection.getBalance(thief)) - thiefLamports).toBe(2_039_280)
      } else {
        const account = await connection.getAccountInfo(myAta)
        expect(new PublicKey(account!.data.subarray(32, 64)).equals(thief)).toBe(true)
        // Give the account back for the next tests: the thief could, we cannot.
        await callSolanaDevnet(rpcUrl, 'devnet_mintTo', [usdc.toBase58(), me.toBase58(), '0'])
      }
    }
  })

  test('behavior: ferry refuses each at the instruction checks: the rule named, nothing signed, balances unchanged', async () => {
    for (const [name, attack] of Object.entries(attacks)) {
      const connection = new LossyConnection(rpcUrl, 'confirmed')
      const before = await ours(connection)
      const sentBefore = await countWalletTransactions(rpcUrl, me.toBase58())
      const journal = createMemorySolanaSendJournal()
      const error = await executeSolanaOrder({
        ...devnetSolanaValueFlow,
        connection,
        api: lyingApi(attack),
        ...order(attack.tokenIn),
        secretKey: user.secretKey,
        journal,
        config: FAST,
      }).catch((e: unknown) => e)
      expect(error, name).toBeInstanceOf(VerificationError)
      expect((error as VerificationError).field, name).toBe(attack.rule)
      expect(journal.records).toHaveLength(0)
      expect(connection.sends).toHaveLength(0)
      expect(await countWalletTransactions(rpcUrl, me.toBase58())).toBe(sentBefore)
      expect(await ours(connection)).toEqual(before)
    }
  })

  test('behavior: the simulated deltas alone refuse each attack, on the stand-in’s own simulation', async () => {
    // The simulation step by itself on the attack bytes, held to what the checks verified for the
    // honest order: the second layer stands alone.
    const connection = new Connection(rpcUrl, 'confirmed')
    for (const [name, attack] of Object.entries(attacks)) {
      const { txData, orderId } = await honestTxData(attack.tokenIn)
      const honest = await withLatestBlockhash(connection, txData)
      const { intent } = order(attack.tokenIn)
      const verified = verifySolanaOrderTx({
        txData: bytesToHex(honest.serialize()),
        intent,
        announcedOrderId: orderId,
        lookupTables,
      })
      const attacked = await withLatestBlockhash(connection, mutateSolanaTx(txData, attack.mutate))
      const before = await ours(connection)
      const run = (tx: VersionedTransaction) =>
        simulateSolanaValueFlow({
          connection,
          tx,
          lookupTables,
          intent,
          verified,
          ...devnetSolanaValueFlow,
        })
      // The honest bytes pass the same judge.
      const ok = await run(honest)
      expect(ok.violations, name).toEqual([])
      const error = await run(attacked).catch((e: unknown) => e)
      if (attack.simulation === 'simulationFailed') {
        expect(error, name).toBeInstanceOf(SolanaSendError)
        expect((error as SolanaSendError).state, name).toBe('simulationFailed')
      } else {
        expect(error, name).toBeInstanceOf(SolanaValueFlowError)
        const [rule, detail] = attack.simulation
        expect((error as SolanaValueFlowError).rule, name).toBe(rule)
        expect((error as SolanaValueFlowError).message, name).toMatch(detail)
      }
      expect(await ours(connection)).toEqual(before)
    }
  })

  test('default: an honest order costs one round trip for its lookup table and one extra call (getMultipleAccounts) before it is signed', async () => {
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
      ...order('USDC'),
      secretKey: user.secretKey,
      journal: createMemorySolanaSendJournal(),
      config: FAST,
    })
    const methods = calls.map((c) => c.method)
    const sentAt = methods.indexOf('sendTransaction')
    // The lookup table read (one getMultipleAccounts), then the value-flow read and simulation.
    expect(methods.slice(0, sentAt)).toEqual([
      'getMultipleAccounts',
      'getLatestBlockhash',
      'getMultipleAccounts',
      'simulateTransaction',
    ])
    const [simulated, config] = calls[3]!.params as [
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
      ...order('USDC'),
      secretKey: user.secretKey,
      journal: createMemorySolanaSendJournal(),
      config: FAST,
    })
    // The first judgement saw 1 USDC too few leave; the chain had moved, so it read again.
    expect(reads).toBe(2)
    expect(result.signatures).toHaveLength(1)
  })
})
