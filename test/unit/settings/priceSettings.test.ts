import { describe, expect, test } from 'vitest'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'

const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const CHAINS = `chains:\n  42161: { rpcUrls: ["https://arb.example.org"] }\n`

function parse(text: string) {
  return parseFerryConfig(CHAINS + text, {})
}
function problemsOf(text: string) {
  const result = parse(text)
  return result.ok ? [] : result.problems
}

describe('prices section', () => {
  test('default: no prices; peg, feed and sameAs parse with the feed staleness default', () => {
    const empty = parse('')
    expect(empty.ok && empty.config.prices).toEqual([])
    const result = parse(`
prices:
  - { chainId: 42161, token: "${USDC_ARB}", usd: 1 }
  - { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", sameAs: { chainId: 42161, token: "${USDC_ARB.toLowerCase()}" } }
  - { chainId: 42161, token: "0x0000000000000000000000000000000000000000", feed: { address: "0x639Fe6ab55C921f74e7fac1ee960C0B6293ba612" } }
  - { chainId: 7565164, token: "11111111111111111111111111111111", feed: { chainId: 42161, address: "0x24ceA4b8ce57cdA5058b924B9B9987992450590c", maxAgeMs: 90000000 } }
`)
    if (!result.ok) throw new Error(JSON.stringify(result.problems))
    expect(result.config.prices[2]?.feed).toEqual({
      address: '0x639Fe6ab55C921f74e7fac1ee960C0B6293ba612',
      maxAgeMs: 3_600_000,
    })
    expect(result.config.chains['42161']?.verify).toEqual({ simulation: 'on' })
  })

  test('failure: each rule names the entry and the fix', () => {
    const problems = problemsOf(`
prices:
  - { chainId: 42161, token: "${USDC_ARB}" }
  - { chainId: 42161, token: "${USDC_ARB.toLowerCase()}", usd: 1, sameAs: { chainId: 8453, token: "${USDC_ARB}" } }
  - { chainId: 7565164, token: EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v, usd: 1 }
  - { chainId: 7565164, token: "0x0000000000000000000000000000000000000000", usd: 1 }
  - { chainId: 8453, token: "0x0000000000000000000000000000000000000000", feed: { address: "0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70" } }
  - { chainId: 7565164, token: "11111111111111111111111111111111", feed: { address: "0x24ceA4b8ce57cdA5058b924B9B9987992450590c" } }
  - { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", sameAs: { chainId: 1, token: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" } }
`)
    const at = (path: string) => problems.filter((p) => p.path === path).map((p) => p.problem)
    expect(at('prices[0]')).toEqual(['says nothing about the price'])
    expect(at('prices[1]')).toEqual(['gives more than one price kind'])
    expect(at('prices[1].token')).toEqual(['is already priced by prices[0]'])
    expect(at('prices[2].decimals')).toEqual([
      'is needed for a Solana token (ferry does not read mint accounts for prices)',
    ])
    expect(at('prices[3].token')).toEqual(['is an EVM address on Solana'])
    expect(at('prices[4].feed.address')).toEqual([
      'the feed is on chain 8453, which has no RPC in chains',
    ])
    expect(problems).toContainEqual({
      path: 'prices[4].feed.address',
      problem: 'the feed is on chain 8453, which has no RPC in chains',
      fix: 'add chains.8453.rpcUrls, or read the feed on a configured chain',
    })
    expect(at('prices[5].feed.chainId')).toEqual(['feeds are read on EVM chains only'])
    expect(at('prices[6].sameAs')[0]).toContain('which has no prices entry')
  })

  test('failure: a sameAs cycle is refused at parse time', () => {
    const problems = problemsOf(`
prices:
  - { chainId: 42161, token: "${USDC_ARB}", sameAs: { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" } }
  - { chainId: 8453, token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", sameAs: { chainId: 42161, token: "${USDC_ARB}" } }
  - { chainId: 10, token: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", sameAs: { chainId: 10, token: "0x0b2c639c533813f4aa9d7837caf62653d097ff85" } }
`)
    expect(problems.map((p) => [p.path, p.problem])).toEqual([
      ['prices[0].sameAs', 'is part of a sameAs cycle'],
      ['prices[1].sameAs', 'is part of a sameAs cycle'],
      ['prices[2].sameAs', 'is part of a sameAs cycle'],
    ])
  })

  test('failure: verify.simulation takes on or off only', () => {
    const result = parseFerryConfig(
      'chains:\n  8453: { rpcUrls: ["https://base.example.org"], verify: { simulation: maybe } }\n',
      {},
    )
    const problems = result.ok ? [] : result.problems
    expect(problems).toContainEqual({
      path: 'chains.8453.verify.simulation',
      problem: 'must be on or off',
      fix: 'write simulation: on (or off to skip simulation)',
    })
  })
})
