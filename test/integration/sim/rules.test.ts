import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { serviceErrorBodySchema } from '../../../src/api/schemas/serviceErrorBody.ts'
import { EVM_CONTRACTS } from '../../../src/chains/chainRegistry.ts'
import type { ChainStateReader } from '../../../src/sim/chainState/chainStateReader.ts'
import { DOUBLE_FIX_FEE } from '../../helpers/simQuoteDoubles.ts'
import { ADDR, type RawAnswer, startTestSim, type TestSim } from './startTestSim.ts'

const CREATE_TX = '/v1.0/net/order/create-tx'
const SWAP_TX = '/v1.0/chain/transaction'
const Q = {
  srcChainId: '42161',
  srcChainTokenIn: ADDR.arbUsdc,
  srcChainTokenInAmount: '100000000',
  dstChainId: '8453',
  dstChainTokenOut: ADDR.baseUsdc,
}
const TX = {
  dstChainTokenOutRecipient: ADDR.maker,
  srcChainOrderAuthorityAddress: ADDR.maker,
  dstChainOrderAuthorityAddress: ADDR.maker,
}
const CUSTOM_INTERMEDIARY = {
  srcIntermediaryTokenAddress: ADDR.arbWeth,
  dstIntermediaryTokenAddress: ADDR.baseUsdc,
  dstIntermediaryTokenSpenderAddress: ADDR.other,
  intermediaryTokenUSDPrice: '1',
}
const S = {
  chainId: '42161',
  tokenIn: ADDR.arbUsdc,
  tokenInAmount: '5000000',
  tokenOut: ADDR.arbWeth,
  tokenOutRecipient: ADDR.maker,
}
const omit = (q: Record<string, string>, key: string): Record<string, string> => {
  const { [key]: _dropped, ...rest } = q
  return rest
}
const INVALID = 'INVALID_QUERY_PARAMETERS'

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

function expectError(raw: RawAnswer, status: number, errorId: string): void {
  expect({ status: raw.status, errorId: (raw.json as { errorId?: string }).errorId }).toEqual({
    status,
    errorId,
  })
  const body = serviceErrorBodySchema.parse(raw.json)
  expect(typeof body.errorCode).toBe('number')
  expect(body.errorMessage).toEqual(expect.any(String))
}

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

  test('§2.1 the real errorCodes of docs/dln.md §2.2', async () => {
    const same = await sim.get(CREATE_TX, {
      ...Q,
      dstChainId: '42161',
      dstChainTokenOut: ADDR.arbWeth,
    })
    expect(serviceErrorBodySchema.parse(same.json).errorCode).toBe(25)
    const invalid = await sim.get(CREATE_TX, omit(Q, 'srcChainTokenIn'))
    expect(serviceErrorBodySchema.parse(invalid.json).errorCode).toBe(2)
  })

  test('§4.1 unknown orderId -> 404 UNKNOWN_ORDER', async () => {
    const raw = await sim.get(`/api/Orders/0x${'0'.repeat(64)}/externalCallProcess`)
    expectError(raw, 404, 'UNKNOWN_ORDER')
    expect(serviceErrorBodySchema.parse(raw.json).errorCode).toBe(15)
  })

  test.each([
    ['dstChainTokenOutRecipient'],
    ['srcChainOrderAuthorityAddress'],
    ['dstChainOrderAuthorityAddress'],
  ])('§4.4 rule 1 / §7 rule 1: without %s only a quote comes back', async (missing) => {
    const raw = await sim.get(CREATE_TX, { ...Q, ...omit(TX, missing) })
    expect(raw.status).toBe(200)
    expect(raw.json).not.toHaveProperty('tx')
    const full = await sim.get(CREATE_TX, { ...Q, ...TX })
    expect(full.json).toHaveProperty('tx')
  })

  test('§4.4 a default intermediary token (canonical USDC) needs nothing else', async () => {
    const raw = await sim.get(CREATE_TX, {
      ...Q,
      srcChainTokenIn: ADDR.arbWeth,
      srcIntermediaryTokenAddress: ADDR.arbUsdc,
    })
    expect(raw.status).toBe(200)
  })
})

/** A chain-state reader whose answers the test sets; unset entries are 0. */
function scriptedChainState(): ChainStateReader & {
  balances: Map<string, bigint>
  allowances: Map<string, bigint>
} {
  const balances = new Map<string, bigint>()
  const allowances = new Map<string, bigint>()
  return {
    balances,
    allowances,
    getBalance: async (chainId, token, owner) =>
      balances.get(`${chainId}:${token.toLowerCase()}:${owner.toLowerCase()}`) ?? 0n,
    getAllowance: async (chainId, token, owner, spender) =>
      allowances.get(
        `${chainId}:${token.toLowerCase()}:${owner.toLowerCase()}:${spender.toLowerCase()}`,
      ) ?? 0n,
    getDecimals: async () => 6,
  }
}

describe('simulator chain-state rules over HTTP (§7 rule 2, §8)', () => {
  let sim: TestSim
  const chain = scriptedChainState()
  const amount = 100_000_000n
  const fundSender = (): void => {
    chain.balances.set(`42161:${ADDR.native}:${ADDR.maker}`, DOUBLE_FIX_FEE)
    chain.balances.set(`42161:${ADDR.arbUsdc}:${ADDR.maker}`, amount)
    chain.allowances.set(
      `42161:${ADDR.arbUsdc}:${ADDR.maker}:${EVM_CONTRACTS.dlnSource.toLowerCase()}`,
      amount,
    )
  }
  const estimate = { ...Q, ...TX, enableEstimate: 'true', senderAddress: ADDR.maker }
  beforeAll(async () => {
    sim = await startTestSim({ chainState: chain })
  })
  afterAll(() => sim.server.close())

  test('default: a funded and approved sender gets a tx with gasLimit', async () => {
    fundSender()
    const raw = await sim.get(CREATE_TX, estimate)
    expect(raw.status).toBe(200)
    expect((raw.json as { tx: { gasLimit?: number } }).tx.gasLimit).toBeGreaterThan(0)
  })

  test('§7 rule 2: missing allowance -> 400 ESTIMATION_FAILED', async () => {
    fundSender()
    chain.allowances.clear()
    const raw = await sim.get(CREATE_TX, estimate)
    expectError(raw, 400, 'ESTIMATION_FAILED')
    expect(raw.json).toMatchObject({ errorPayload: { check: 'allowance' } })
  })

  test('§7 rule 2: a permit replaces the allowance', async () => {
    fundSender()
    chain.allowances.clear()
    const raw = await sim.get(CREATE_TX, { ...estimate, srcChainTokenInSenderPermit: '0x01' })
    expect(raw.status).toBe(200)
  })

  test('§4.4 enableEstimate: token balance below the amount -> 400 ESTIMATION_FAILED', async () => {
    fundSender()
    chain.balances.set(`42161:${ADDR.arbUsdc}:${ADDR.maker}`, amount - 1n)
    const raw = await sim.get(CREATE_TX, estimate)
    expectError(raw, 400, 'ESTIMATION_FAILED')
    expect(raw.json).toMatchObject({ errorPayload: { check: 'balance' } })
  })

  test('§4.4 enableEstimate: native balance below the fixFee -> 400 ESTIMATION_FAILED', async () => {
    fundSender()
    chain.balances.set(`42161:${ADDR.native}:${ADDR.maker}`, DOUBLE_FIX_FEE - 1n)
    const raw = await sim.get(CREATE_TX, estimate)
    expectError(raw, 400, 'ESTIMATION_FAILED')
    expect(raw.json).toMatchObject({ errorPayload: { check: 'nativeBalance' } })
  })

  test('§4.4 enableEstimate: native input needs amount plus fixFee in native balance', async () => {
    const native = { ...estimate, srcChainTokenIn: ADDR.native }
    chain.balances.set(`42161:${ADDR.native}:${ADDR.maker}`, amount + DOUBLE_FIX_FEE - 1n)
    const short = await sim.get(CREATE_TX, native)
    expectError(short, 400, 'ESTIMATION_FAILED')
    expect(short.json).toMatchObject({ errorPayload: { check: 'nativeBalance' } })
    chain.balances.set(`42161:${ADDR.native}:${ADDR.maker}`, amount + DOUBLE_FIX_FEE)
    chain.allowances.clear()
    // Native input needs no allowance.
    expect((await sim.get(CREATE_TX, native)).status).toBe(200)
  })

  test('§8 intermediary spender below 100 USD -> INTERMEDIARY_TOKEN_NOT_FUNDED', async () => {
    // 99.999999 USDC at 1 USD, 6 decimals: one base unit short of the limit.
    chain.balances.set(`8453:${ADDR.baseUsdc}:${ADDR.other}`, 99_999_999n)
    const raw = await sim.get(CREATE_TX, { ...Q, ...CUSTOM_INTERMEDIARY })
    expectError(raw, 400, 'INTERMEDIARY_TOKEN_NOT_FUNDED')
  })

  test('§4.4 intermediary spender without approvals -> INTERMEDIARY_TOKEN_APPROVALS_MISSING', async () => {
    chain.balances.set(`8453:${ADDR.baseUsdc}:${ADDR.other}`, 100_000_000n)
    chain.allowances.set(
      `8453:${ADDR.baseUsdc}:${ADDR.other}:${EVM_CONTRACTS.dlnDestination.toLowerCase()}`,
      100_000_000n,
    )
    const raw = await sim.get(CREATE_TX, { ...Q, ...CUSTOM_INTERMEDIARY })
    expectError(raw, 400, 'INTERMEDIARY_TOKEN_APPROVALS_MISSING')
    chain.allowances.set(
      `8453:${ADDR.baseUsdc}:${ADDR.other}:${EVM_CONTRACTS.forwarder.toLowerCase()}`,
      100_000_000n,
    )
    expect((await sim.get(CREATE_TX, { ...Q, ...CUSTOM_INTERMEDIARY })).status).toBe(200)
  })
})
