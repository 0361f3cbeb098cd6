import { afterAll, beforeAll, describe, test } from 'vitest'
import {
  CREATE_TX,
  CUSTOM_INTERMEDIARY,
  expectError,
  INVALID,
  omit,
  Q,
  S,
  SWAP_TX,
  TX,
} from './rulesFixtures.ts'
import { ADDR, startTestSim, type TestSim } from './startTestSim.ts'

type QueryCase = { rule: string; path: string; query: Record<string, string>; errorId: string }

/** Every violating query of docs/service.md §4.4, §4.5, §7 and §8 that needs no chain state: 400 each. */
const QUERY_CASES: QueryCase[] = [
  {
    rule: '§4.4 missing srcChainTokenIn',
    path: CREATE_TX,
    query: omit(Q, 'srcChainTokenIn'),
    errorId: INVALID,
  },
  {
    rule: '§4.4 missing dstChainId',
    path: CREATE_TX,
    query: omit(Q, 'dstChainId'),
    errorId: INVALID,
  },
  {
    rule: '§4.4 missing amount',
    path: CREATE_TX,
    query: omit(Q, 'srcChainTokenInAmount'),
    errorId: INVALID,
  },
  {
    rule: '§4.4 unknown chain id',
    path: CREATE_TX,
    query: { ...Q, srcChainId: '999' },
    errorId: INVALID,
  },
  {
    rule: '§4.4 chain id not a number',
    path: CREATE_TX,
    query: { ...Q, dstChainId: 'base' },
    errorId: INVALID,
  },
  {
    rule: '§4.4 unknown parameter',
    path: CREATE_TX,
    query: { ...Q, color: 'red' },
    errorId: INVALID,
  },
  {
    rule: '§4.4 malformed address',
    path: CREATE_TX,
    query: { ...Q, srcChainTokenIn: '0x123' },
    errorId: INVALID,
  },
  {
    rule: '§4.4 EVM token on a Solana destination',
    path: CREATE_TX,
    query: { ...Q, dstChainId: '7565164' },
    errorId: INVALID,
  },
  {
    rule: '§4.4 zero amount',
    path: CREATE_TX,
    query: { ...Q, srcChainTokenInAmount: '0' },
    errorId: INVALID,
  },
  {
    rule: '§4.4 fractional amount',
    path: CREATE_TX,
    query: { ...Q, srcChainTokenInAmount: '1.5' },
    errorId: INVALID,
  },
  {
    rule: '§4.4 negative additionalTakerRewardBps',
    path: CREATE_TX,
    query: { ...Q, additionalTakerRewardBps: '-1' },
    errorId: INVALID,
  },
  {
    rule: '§4.4 boolean not true/false',
    path: CREATE_TX,
    query: { ...Q, ptp: 'yes' },
    errorId: INVALID,
  },
  {
    rule: '§4.4 netHook not JSON',
    path: CREATE_TX,
    query: { ...Q, netHook: '{type:' },
    errorId: INVALID,
  },
  {
    rule: '§4.4 netHook of unknown shape',
    path: CREATE_TX,
    query: {
      ...Q,
      netHook: JSON.stringify({ type: 'evm_transaction_call', data: { to: ADDR.other } }),
    },
    errorId: INVALID,
  },
  {
    rule: '§4.4 EVM hook on a Solana destination',
    path: CREATE_TX,
    query: {
      ...Q,
      dstChainId: '7565164',
      dstChainTokenOut: ADDR.solUsdc,
      netHook: JSON.stringify({
        type: 'evm_transaction_call',
        data: { to: ADDR.other, calldata: '0x', gas: 1 },
      }),
    },
    errorId: INVALID,
  },
  {
    rule: '§4.4 externalCall malformed',
    path: CREATE_TX,
    query: { ...Q, externalCall: JSON.stringify({ version: 'evm_2', fields: {} }) },
    errorId: INVALID,
  },
  {
    rule: '§4.4 unknown srcChainPriorityLevel',
    path: CREATE_TX,
    query: { ...Q, srcChainPriorityLevel: 'urgent' },
    errorId: INVALID,
  },
  {
    rule: '§4.4 rule 2 / §7 rule 3: same source and destination chain',
    path: CREATE_TX,
    query: { ...Q, dstChainId: '42161', dstChainTokenOut: ADDR.arbWeth },
    errorId: 'SAME_SOURCE_AND_DESTINATION_CHAINS',
  },
  {
    rule: '§8 affiliateFeePercent above 10 (create-tx)',
    path: CREATE_TX,
    query: { ...Q, affiliateFeePercent: '10.5', affiliateFeeRecipient: ADDR.other },
    errorId: INVALID,
  },
  {
    rule: '§4.4 affiliateFeePercent without recipient',
    path: CREATE_TX,
    query: { ...Q, affiliateFeePercent: '1' },
    errorId: 'AFFILIATE_FEE_RECIPIENT_NOT_SET',
  },
  {
    rule: '§4.4 affiliateFeeRecipient without percent',
    path: CREATE_TX,
    query: { ...Q, affiliateFeeRecipient: ADDR.other },
    errorId: 'AFFILIATE_FEE_PERCENT_NOT_SET',
  },
  {
    rule: '§4.4 rule 3: arbitrary source intermediary alone',
    path: CREATE_TX,
    query: { ...Q, srcIntermediaryTokenAddress: ADDR.arbWeth },
    errorId: 'INTERMEDIARY_TOKEN_NOT_CONFIGURED',
  },
  {
    rule: '§4.4 rule 3: destination intermediary without source',
    path: CREATE_TX,
    query: { ...Q, dstIntermediaryTokenAddress: ADDR.baseUsdc },
    errorId: 'INTERMEDIARY_TOKEN_NOT_CONFIGURED',
  },
  {
    rule: '§4.4 rule 3: custom intermediary without spender',
    path: CREATE_TX,
    query: { ...Q, ...omit(CUSTOM_INTERMEDIARY, 'dstIntermediaryTokenSpenderAddress') },
    errorId: 'INTERMEDIARY_TOKEN_NOT_CONFIGURED',
  },
  {
    rule: '§4.4 enableEstimate without senderAddress',
    path: CREATE_TX,
    query: { ...Q, ...TX, enableEstimate: 'true' },
    errorId: 'SENDER_ADDRESS_EMPTY',
  },
  {
    rule: '§4.5 missing tokenOutRecipient',
    path: SWAP_TX,
    query: omit(S, 'tokenOutRecipient'),
    errorId: INVALID,
  },
  { rule: '§4.5 missing tokenIn', path: SWAP_TX, query: omit(S, 'tokenIn'), errorId: INVALID },
  { rule: '§4.5 unknown chain id', path: SWAP_TX, query: { ...S, chainId: '5' }, errorId: INVALID },
  {
    rule: '§4.5 slippage not auto nor a number',
    path: SWAP_TX,
    query: { ...S, slippage: 'low' },
    errorId: INVALID,
  },
  { rule: '§4.5 zero slippage', path: SWAP_TX, query: { ...S, slippage: '0' }, errorId: INVALID },
  {
    rule: '§4.5 tokenIn equals tokenOut',
    path: SWAP_TX,
    query: { ...S, tokenOut: ADDR.arbUsdc },
    errorId: INVALID,
  },
  {
    rule: '§4.5 referralCode not an integer',
    path: SWAP_TX,
    query: { ...S, referralCode: '1.5' },
    errorId: INVALID,
  },
  {
    rule: '§4.5 unknown parameter',
    path: SWAP_TX,
    query: { ...S, dstChainId: '1' },
    errorId: INVALID,
  },
  {
    rule: '§8 affiliateFeePercent above 10 (chain/transaction)',
    path: SWAP_TX,
    query: { ...S, affiliateFeePercent: '11', affiliateFeeRecipient: ADDR.other },
    errorId: INVALID,
  },
  {
    rule: '§4.5 affiliateFeePercent without recipient',
    path: SWAP_TX,
    query: { ...S, affiliateFeePercent: '1' },
    errorId: 'AFFILIATE_FEE_RECIPIENT_NOT_SET',
  },
  {
    rule: '§4.5 affiliateFeeRecipient without percent',
    path: SWAP_TX,
    query: { ...S, affiliateFeeRecipient: ADDR.other },
    errorId: 'AFFILIATE_FEE_PERCENT_NOT_SET',
  },
  {
    rule: '§4.1 orderId not 0x+64 hex',
    path: '/api/Orders/0x1234/externalCallProcess',
    query: {},
    errorId: INVALID,
  },
]

type BodyCase = { rule: string; path: string; body: unknown; errorId: string }
const WALLETS = '/api/Users/usersLeaderboard'
const REFERRALS = '/api/Users/referralProgramLeaderboard'

/** Every violating leaderboard body of docs/service.md §4.2, §4.3 and §8: 400 each. */
const BODY_CASES: BodyCase[] = [
  {
    rule: '§8 take above 100 (wallets)',
    path: WALLETS,
    body: { skip: 0, take: 101 },
    errorId: INVALID,
  },
  {
    rule: '§8 take above 100 (referrals)',
    path: REFERRALS,
    body: { skip: 0, take: 101 },
    errorId: INVALID,
  },
  { rule: '§4.2 missing take', path: WALLETS, body: { skip: 0 }, errorId: INVALID },
  { rule: '§4.2 missing skip', path: WALLETS, body: { take: 10 }, errorId: INVALID },
  { rule: '§4.2 negative skip', path: WALLETS, body: { skip: -1, take: 10 }, errorId: INVALID },
  { rule: '§4.2 take 0', path: WALLETS, body: { skip: 0, take: 0 }, errorId: INVALID },
  {
    rule: '§4.2 walletAddress neither hex nor base58',
    path: WALLETS,
    body: { skip: 0, take: 10, walletAddress: 'not-an-address' },
    errorId: INVALID,
  },
  {
    rule: '§4.2 unknown field',
    path: WALLETS,
    body: { skip: 0, take: 10, page: 2 },
    errorId: INVALID,
  },
  { rule: '§4.2 body not JSON', path: WALLETS, body: '{"skip":', errorId: INVALID },
  {
    rule: '§4.3 referralCode not an integer',
    path: REFERRALS,
    body: { skip: 0, take: 10, referralCode: 'abc' },
    errorId: INVALID,
  },
]

describe('simulator rules over HTTP', () => {
  let sim: TestSim
  beforeAll(async () => {
    sim = await startTestSim()
  })
  afterAll(() => sim.server.close())

  test.each(QUERY_CASES)('$rule -> $errorId', async ({ path, query, errorId }) => {
    expectError(await sim.get(path, query), 400, errorId)
  })

  test.each(BODY_CASES)('$rule -> $errorId', async ({ path, body, errorId }) => {
    expectError(await sim.post(path, body), 400, errorId)
  })
})
