/**
 * The world of the real-format Solana value-flow attack tests (solanaValueFlowAttacks.test.ts): one
 * devnet (Base and Solana, no solver), our user and a third party with a USDT account, the attacks
 * on the simulator's honest create-tx, and the helpers that build, read and lie. Bindings are live:
 * read them inside tests.
 */
import {
  AuthorityType,
  createSetAuthorityInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import {
  type Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  type TransactionInstruction,
  VersionedTransaction,
} from '@solana/web3.js'
import { type Hex, hexToBytes } from 'viem'
import { afterAll, beforeAll } from 'vitest'
import { type ApiClient, createApiClient } from '../../../src/api/createApiClient.ts'
import type { BuildableCreateTxParams } from '../../../src/api/requests/buildCreateTxQuery.ts'
import { SOLANA_PROGRAMS } from '../../../src/chains/chainRegistry.ts'
import { devnetSolanaKeypair } from '../../../src/devnet/devnetAccounts.ts'
import { callSolanaDevnet } from '../../../src/devnet/solana/callSolanaDevnet.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { buildJupiterRouteIx } from '../../../src/sim/quote/buildJupiterRouteIx.ts'
import { mutateSolanaTx, simLookupTableMap } from '../../helpers/mutateSolanaTx.ts'
import { solanaToBaseOrder } from '../../helpers/solanaExecutorHarness.ts'

export const user = devnetSolanaKeypair('user')
export const me = user.publicKey
export const thief = Keypair.generate().publicKey
export const FAST = { pollIntervalMs: 5, rebroadcastIntervalMs: 15 }
export const AMOUNT = 50_000_000n
export const SOL = '11111111111111111111111111111111'
export const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
export const lookupTables = simLookupTableMap()

export let devnet: Devnet
export let rpcUrl: string
export let usdc: PublicKey
export let api: ApiClient
export let myAta: PublicKey
export let thiefUsdt: PublicKey

/**
 * Starts the file's devnet (no solver) and opens the third party's USDT account; stops the devnet
 * after the file.
 */
export function useSolanaValueFlowAttackWorld(): void {
  beforeAll(async () => {
    // No solver: these tests end at the create, and unlocks would move what dln_src holds.
    devnet = await startDevnet({ evmChainIds: [8453], solana: true, solver: false })
    rpcUrl = devnet.solana!.rpcUrl
    usdc = new PublicKey(devnet.solana!.usdcMint)
    api = createApiClient({
      apiUrl: devnet.sim.baseUrl,
      statsUrl: devnet.sim.statsUrl,
      requestsPerMinute: 100_000,
    })
    myAta = getAssociatedTokenAddressSync(usdc, me)
    thiefUsdt = getAssociatedTokenAddressSync(new PublicKey(USDT), thief)
    // The third party has a USDT account, so a swap paying it can land.
    await callSolanaDevnet(rpcUrl, 'devnet_mintTo', [USDT, thief.toBase58(), '0'])
  }, 30_000)

  afterAll(async () => {
    await devnet?.stop()
  })
}

export type Attack = {
  /** The order the honest answer is for: a USDC give, or SOL (wrapped, its wSOL closed). */
  tokenIn: string
  mutate: (ixs: TransactionInstruction[]) => TransactionInstruction[]
  /** The refusing check's field. */
  rule: string
  /** What the simulation alone says: a value-flow rule and its detail, or a failed simulation. */
  simulation: [string, RegExp] | 'simulationFailed'
}

/** The real-format attacks (docs/dln.md §4.10, §4.12), each on the simulator's honest create-tx. */
export const attacks: Record<string, Attack> = {
  'an extra System transfer of our SOL to a third party': {
    tokenIn: 'USDC',
    mutate: (ixs) => [
      ...ixs,
      SystemProgram.transfer({ fromPubkey: me, toPubkey: thief, lamports: 20_000_000n }),
    ],
    rule: 'instructions[3].to',
    simulation: ['walletLamports', /lamports left our wallet/],
  },
  'an extra Jupiter leg paying a third party': {
    tokenIn: 'USDC',
    mutate: (ixs) => {
      const leg = buildJupiterRouteIx({
        authority: me,
        source: myAta,
        destination: getAssociatedTokenAddressSync(new PublicKey(USDT), me),
        inMint: usdc.toBase58(),
        outMint: USDT,
        inAmount: 7_000_000n,
        quotedOutAmount: 1n,
        slippageBps: 0,
      })
      // route's destinationTokenAccount (index 4) pays the output to someone else.
      leg.keys[4] = { pubkey: thiefUsdt, isSigner: false, isWritable: true }
      return [...ixs, leg]
    },
    rule: 'instructions[3].destinationTokenAccount',
    simulation: ['giveTokens', /57000000 left/],
  },
  'our wSOL account closed to a third party': {
    tokenIn: SOL,
    mutate: (ixs) =>
      ixs.map((ix, i) =>
        i === ixs.length - 1
          ? {
              ...ix,
              keys: ix.keys.map((k, n) => (n === 1 ? { ...k, pubkey: thief, isSigner: false } : k)),
            }
          : ix,
      ) as TransactionInstruction[],
    rule: 'instructions[6].destination',
    simulation: ['walletLamports', /lamports left our wallet/],
  },
  'our USDC account handed to a third party': {
    tokenIn: 'USDC',
    mutate: (ixs) => [
      ...ixs,
      createSetAuthorityInstruction(myAta, me, AuthorityType.AccountOwner, thief),
    ],
    rule: 'instructions[3]',
    simulation: ['tokenAccountAltered', /owner/],
  },
  'a wrong nonce account': {
    tokenIn: 'USDC',
    mutate: (ixs) =>
      ixs.map((ix) =>
        ix.programId.toBase58() === SOLANA_PROGRAMS.dlnSource
          ? { ...ix, keys: ix.keys.map((k, n) => (n === 7 ? { ...k, pubkey: thief } : k)) }
          : ix,
      ) as TransactionInstruction[],
    rule: 'dln.accounts.nonceMaster',
    simulation: 'simulationFailed',
  },
}

export function order(tokenIn: string): ReturnType<typeof solanaToBaseOrder> {
  const token = tokenIn === 'USDC' ? usdc.toBase58() : tokenIn
  return solanaToBaseOrder(me.toBase58(), token, tokenIn === SOL ? 1_000_000_000n : AMOUNT, 1n)
}

/** The honest create-tx answer for {@link order}, as the service returns it (unsigned). */
export async function honestTxData(tokenIn: string): Promise<{ txData: Hex; orderId: string }> {
  const { quote } = await api.createOrderTx({
    ...order(tokenIn).request,
    senderAddress: me.toBase58(),
  } as BuildableCreateTxParams)
  return { txData: quote.tx.data as Hex, orderId: quote.orderId }
}

/** `txData` with the latest blockhash, unsigned: the exact message that would be signed. */
export async function withLatestBlockhash(connection: Connection, txData: Hex) {
  const tx = VersionedTransaction.deserialize(hexToBytes(txData))
  tx.message.recentBlockhash = (await connection.getLatestBlockhash('confirmed')).blockhash
  return tx
}

export async function ours(connection: Connection) {
  const [lamports, tokens, info] = await Promise.all([
    connection.getBalance(me),
    connection.getTokenAccountBalance(myAta),
    connection.getAccountInfo(myAta),
  ])
  return { lamports, tokens: tokens.value.amount, data: info?.data.toString('base64') }
}

/** The real service client, except that each tx answer goes through `mutate`. */
export function lyingApi(attack: Attack): Pick<ApiClient, 'createOrderTx'> {
  return {
    createOrderTx: (async (params: Parameters<ApiClient['createOrderTx']>[0]) => {
      const result = await api.createOrderTx(params)
      if (result.kind !== 'tx') return result
      const data = mutateSolanaTx(result.quote.tx.data as Hex, attack.mutate)
      return { ...result, quote: { ...result.quote, tx: { ...result.quote.tx, data } } }
    }) as ApiClient['createOrderTx'],
  }
}
