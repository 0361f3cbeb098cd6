import { describe, expect, test } from 'vitest'
import { checkLiveConfig } from '../../../src/cli/run/checkLiveConfig.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'
import { arbitrage } from '../../../strategies/arbitrage.ts'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import { rebalance } from '../../../strategies/rebalance.ts'
import { sweep } from '../../../strategies/sweep.ts'

const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const NATIVE = '0x0000000000000000000000000000000000000000'

const LIVE = `
mode: live
service: { apiUrl: https://api.example.org }
wallets: { evm: { privateKeyEnv: KEY, address: "0x1111111111111111111111111111111111111111" } }
chains:
  42161: { rpcUrls: ["https://arb.example.org"] }
  8453: { rpcUrls: ["https://base.example.org"] }
strategies:
  - name: rebalance
    id: usdc
    schedule: { intervalMs: 60000 }
    params:
      chains:
        - { chainId: 42161, token: "${USDC_ARB}", weightBps: 5000 }
        - { chainId: 8453, token: "${USDC_BASE}", weightBps: 5000 }
  - name: arbitrage
    id: paper
    schedule: { intervalMs: 60000 }
    params: { swapPairs: [{ chainId: 42161, tokenIn: "${USDC_ARB}", tokenOut: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", amountIn: "1" }] }
`
const ALL_PRICED = `
prices:
  - { chainId: 42161, token: "${USDC_ARB.toLowerCase()}", usd: 1 }
  - { chainId: 8453, token: "${USDC_BASE}", sameAs: { chainId: 42161, token: "${USDC_ARB}" } }
  - { chainId: 42161, token: "${NATIVE}", feed: { address: "0x639Fe6ab55C921f74e7fac1ee960C0B6293ba612" } }
  - { chainId: 8453, token: "${NATIVE}", feed: { address: "0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70" } }
`

function configOf(text: string) {
  const result = parseFerryConfig(text, {})
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.config
}

describe('checkLiveConfig (trusted prices, P-8.8)', () => {
  test('default: a live config pricing every given, taken and fee token passes (paper arbitrage moves nothing)', () => {
    expect(checkLiveConfig(configOf(LIVE + ALL_PRICED), builtInStrategies)).toEqual([])
  })

  test('failure: a live route token without a trusted price is named with the fix', () => {
    const withoutBaseEth = ALL_PRICED.split('\n').slice(0, -2).join('\n')
    const problems = checkLiveConfig(configOf(LIVE + withoutBaseEth), builtInStrategies)
    expect(problems).toEqual([
      {
        path: 'strategies[0]',
        problem: `"usdc" pays the fee in ${NATIVE} on chain 8453, which has no trusted price (mode: live)`,
        fix: `add a prices entry for chainId 8453 token ${NATIVE} (usd peg, feed, or sameAs)`,
      },
    ])
    expect(
      checkLiveConfig(configOf(LIVE), builtInStrategies).map(
        (p) => p.problem.split(' on chain')[0],
      ),
    ).toEqual([
      `"usdc" gives ${USDC_ARB}`,
      `"usdc" gives ${USDC_BASE}`,
      `"usdc" pays the fee in ${NATIVE}`,
      `"usdc" pays the fee in ${NATIVE}`,
    ])
  })

  test('behavior: dry-run and disabled instances are not checked', () => {
    expect(
      checkLiveConfig(configOf(LIVE.replace('mode: live', 'mode: dry-run')), builtInStrategies),
    ).toEqual([])
    const disabled = LIVE.replace('id: usdc\n', 'id: usdc\n    enabled: false\n')
    expect(checkLiveConfig(configOf(disabled), builtInStrategies)).toEqual([])
  })
})

describe('strategy tokens', () => {
  test('behavior: each built-in lists what its intents can give and take', () => {
    const r = rebalance.paramsSchema.parse({
      chains: [
        { chainId: 42161, token: USDC_ARB, weightBps: 5000 },
        { chainId: 8453, token: USDC_BASE, weightBps: 5000 },
      ],
    })
    const both = [
      { chainId: 42161, token: USDC_ARB },
      { chainId: 8453, token: USDC_BASE },
    ]
    expect(rebalance.tokens(r)).toEqual({ gives: both, takes: both })
    const s = sweep.paramsSchema.parse({
      sources: [{ chainId: 8453, token: USDC_BASE }],
      treasury: { chainId: 42161, token: USDC_ARB, address: NATIVE.replace(/0$/, '1') },
    })
    expect(sweep.tokens(s)).toEqual({
      gives: [{ chainId: 8453, token: USDC_BASE }],
      takes: [{ chainId: 42161, token: USDC_ARB }],
    })
    const pair = { chainId: 42161, tokenIn: USDC_ARB, tokenOut: NATIVE, amountIn: '1' }
    expect(arbitrage.tokens(arbitrage.paramsSchema.parse({ swapPairs: [pair] }))).toEqual({
      gives: [],
      takes: [],
    })
    expect(
      arbitrage.tokens(arbitrage.paramsSchema.parse({ paper: false, swapPairs: [pair] })),
    ).toEqual({
      gives: [{ chainId: 42161, token: USDC_ARB }],
      takes: [{ chainId: 42161, token: NATIVE }],
    })
  })
})
