import { describe, expect, test } from 'vitest'
import { findInlineSecrets } from '../../../src/settings/findInlineSecrets.ts'

describe('findInlineSecrets', () => {
  test('default: addresses, hashes of other lengths, env names and URLs are not secrets', () => {
    expect(
      findInlineSecrets({
        address: '0x1111111111111111111111111111111111111111',
        solana: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
        privateKeyEnv: 'FERRY_EVM_PRIVATE_KEY',
        calldata: `0x07251d88${'00'.repeat(96)}`,
        rpcUrls: ['https://rpc.example.org/v2/abcdef'],
        note: 'move usdc from arbitrum to base every hour',
        amounts: [1, 2, 3],
      }),
    ).toEqual([])
  })

  test('behavior: each kind of key material is found, with its path and never its value', () => {
    const hex = 'ab'.repeat(32)
    const problems = findInlineSecrets({
      a: hex,
      b: [`0x${hex}`],
      c: { mnemonic: 'whatever' },
      d: '4'.repeat(88),
      e: Array.from({ length: 64 }, (_, i) => String(i)),
      f: 'legal winner thank year wave sausage worth useful legal winner thank yellow',
      g: { SecretKey: 'x' },
    })
    expect(problems.map((p) => p.path)).toEqual([
      'a',
      'b[0]',
      'c.mnemonic',
      'd',
      'e',
      'f',
      'g.SecretKey',
    ])
    for (const p of problems) {
      expect(p.fix).toContain('privateKeyEnv')
      expect(JSON.stringify(p)).not.toContain(hex)
    }
  })
})
