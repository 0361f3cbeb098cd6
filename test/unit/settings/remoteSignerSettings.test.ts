import { describe, expect, test } from 'vitest'
import { findInlineSecrets } from '../../../src/settings/findInlineSecrets.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'

const ADDRESS = '0x1111111111111111111111111111111111111111'

function parse(wallet: string, env: Record<string, string> = {}) {
  return parseFerryConfig(`wallets:\n  evm:\n${wallet}`, env)
}

describe('wallets.evm.signer.remote (docs/safety.md §5, remote signer)', () => {
  test('default: a remote signer is a key source of its own, its URL from an env var', () => {
    const result = parse(
      `    address: '${ADDRESS}'\n    signer: { remote: { url: '$\{SIGNER_URL}', address: '${ADDRESS}' } }\n`,
      { SIGNER_URL: 'http://u:p4ssw0rd-long@127.0.0.1:8550' },
    )
    if (!result.ok) throw new Error(JSON.stringify(result.problems))
    expect(result.config.wallets.evm?.signer?.remote.url).toBe(
      'http://u:p4ssw0rd-long@127.0.0.1:8550',
    )
  })

  test('bad input: a signer beside a key, or for another address, names the field and the fix', () => {
    const both = parse(
      `    address: '${ADDRESS}'\n    privateKeyEnv: PK\n    signer: { remote: { url: 'http://127.0.0.1:1', address: '${ADDRESS}' } }\n`,
    )
    expect(both.ok).toBe(false)
    if (!both.ok) expect(both.problems.map((p) => p.path)).toContain('wallets.evm.privateKeyEnv')
    const other = parse(
      `    address: '${ADDRESS}'\n    signer: { remote: { url: 'http://127.0.0.1:1', address: '0x2222222222222222222222222222222222222222' } }\n`,
    )
    expect(other.ok).toBe(false)
    if (!other.ok) {
      const problem = other.problems.find((p) => p.path === 'wallets.evm.signer.remote.address')
      expect(problem?.fix).toContain('wallets.evm.address')
    }
  })

  test('bad input: credentials written inline in the signer URL are refused, the value never shown', () => {
    const problems = findInlineSecrets({
      wallets: {
        evm: { signer: { remote: { url: 'https://ops:hunter2-secret@signer.example' } } },
      },
    })
    expect(problems).toHaveLength(1)
    expect(problems[0]?.path).toBe('wallets.evm.signer.remote.url')
    expect(problems[0]?.fix).toContain('$' + '{FERRY_SIGNER_URL}')
    expect(JSON.stringify(problems)).not.toContain('hunter2')
    expect(
      findInlineSecrets({
        wallets: { evm: { signer: { remote: { url: 'http://127.0.0.1:8550' } } } },
      }),
    ).toEqual([])
  })
})
