/**
 * The text of the test of a new strategy module, `<name>.test.mjs` (`ferry strategy new`): run
 * with `node --test <name>.test.mjs`, it feeds fixture snapshots and quotes to plan, decide and
 * tokens and asserts what they return, with nothing to install.
 */
export function strategyTestTemplate(name: string): string {
  return `// @ts-check
// Tests of ${name}.mjs with Node's own test runner: \`node --test ${name}.test.mjs\`.
// plan, decide and tokens are pure, so a test is data in, data out: no chain, no service, and
// nothing to install.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { strategy } from './${name}.mjs'

/** @typedef {import('ferry/strategy').MarketSnapshot} MarketSnapshot */
/** @typedef {import('ferry/strategy').QuoteObservation} QuoteObservation */
/** @typedef {import('ferry/strategy').CrossChainRouteRequest} CrossChainRouteRequest */

const USDC_ARBITRUM = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const WALLET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

/** @type {import('./${name}.mjs').Params} */
const params = {
  from: { chainId: 42161, token: USDC_ARBITRUM },
  to: { chainId: 8453, token: USDC_BASE },
  minBalance: '1000000000', // 1 000 USDC
  moveAmount: '500000000', // 500 USDC
  maxCostBps: 50,
}

/**
 * A tick's snapshot: 5 000 USDC on Arbitrum and \`onBase\` on Base.
 * @param {bigint} onBase
 * @param {MarketSnapshot['inFlight']} [inFlight]
 * @returns {MarketSnapshot}
 */
function snapshot(onBase, inFlight = []) {
  /** @param {number} chainId @param {string} token @param {bigint} amount */
  const usdc = (chainId, token, amount) => ({
    chainId,
    token,
    symbol: 'USDC',
    decimals: 6,
    isNative: false,
    owner: WALLET,
    amount,
    priceUsd: 1,
  })
  return {
    nowMs: 1_700_000_000_000,
    balances: [usdc(42161, USDC_ARBITRUM, 5_000_000_000n), usdc(8453, USDC_BASE, onBase)],
    pricesUsd: {},
    inFlight,
  }
}

/**
 * The service's quote for \`request\`, costing \`costBps\`.
 * @param {CrossChainRouteRequest} request
 * @param {number} costBps
 * @returns {QuoteObservation}
 */
function quote(request, costBps) {
  const amountOut = (request.amountIn * BigInt(10_000 - costBps)) / 10_000n
  return {
    request,
    quotedAtMs: 1_700_000_000_100,
    amountIn: request.amountIn,
    amountInUsd: 500,
    amountOut,
    amountOutUsd: Number(amountOut) / 1e6,
    minAmountOut: amountOut - 1_000n,
    outDecimals: 6,
    nativeCost: 0n,
    nativeCostUsd: 0,
    costBps,
    costsUsd: {},
    priceImpactBps: undefined,
    comparedAggregators: [],
  }
}

/** The one request plan makes below minBalance. */
function request() {
  const [planned] = strategy.plan(snapshot(400_000_000n), params)
  if (planned?.kind !== 'crossChain') throw new Error('plan asked for no cross-chain move')
  return planned
}

test('plan: below minBalance, one move of moveAmount from Arbitrum to our wallet on Base', () => {
  assert.deepEqual(request(), {
    kind: 'crossChain',
    requestId: \`${name}:42161:\${USDC_ARBITRUM}->8453:\${USDC_BASE}\`,
    routeId: \`42161:\${USDC_ARBITRUM}->8453:\${USDC_BASE}\`,
    amountIn: 500_000_000n,
    recipient: WALLET,
    srcChainId: 42161,
    srcToken: USDC_ARBITRUM,
    dstChainId: 8453,
    dstToken: USDC_BASE,
  })
})

test('plan: nothing at minBalance, nor while a move is on its way', () => {
  assert.deepEqual(strategy.plan(snapshot(1_000_000_000n), params), [])
  const inFlight = {
    intentId: 'earlier',
    strategy: '${name}',
    route: request(),
    amountIn: 500_000_000n,
    minAmountOut: 499_000_000n,
    notionalUsd: 500,
    sourceDebited: true,
    arrived: false,
  }
  assert.deepEqual(strategy.plan(snapshot(400_000_000n, [inFlight]), params), [])
})

test('decide: acts at maxCostBps, waits above it, and observes both', () => {
  const atLimit = quote(request(), 50)
  const acted = strategy.decide([atLimit], snapshot(400_000_000n), params)
  assert.equal(acted.intents.length, 1)
  assert.equal(acted.intents[0]?.amountIn, 500_000_000n)
  assert.equal(acted.intents[0]?.minAmountOut, atLimit.minAmountOut)
  assert.equal(acted.intents[0]?.recipient, WALLET)
  assert.equal(acted.observations[0]?.acted, true)

  const waited = strategy.decide([quote(request(), 51)], snapshot(400_000_000n), params)
  assert.deepEqual(waited.intents, [])
  assert.equal(waited.observations[0]?.acted, false)
  assert.equal(waited.observations[0]?.valueBps, 51)
})

test('tokens: gives the source token, takes the destination token', () => {
  assert.deepEqual(strategy.tokens(params), {
    gives: [{ chainId: 42161, token: USDC_ARBITRUM }],
    takes: [{ chainId: 8453, token: USDC_BASE }],
  })
})
`
}
