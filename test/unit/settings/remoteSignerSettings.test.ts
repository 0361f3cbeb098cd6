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

describe('wallets.evm.account in roles mode (docs/safety.md "Treasury accounts")', () => {
  const KEY = `    address: '${ADDRESS}'\n    privateKeyEnv: PK\n`
  const SAFE = '0x5afe00000000000000000000000000000000cafe'
  const ROLE = `0x${'66'.padEnd(64, '0')}`

  test('default: a Safe, execution roles, the modifier and a bytes32 role key parse; the role key is no inline secret', () => {
    const result = parse(
      `${KEY}    account: { safe: '${SAFE}', execution: roles, roles: { modifier: '${ADDRESS}', roleKey: '${ROLE}' } }\n`,
    )
    if (!result.ok) throw new Error(JSON.stringify(result.problems))
    expect(result.config.wallets.evm?.account).toEqual({
      safe: SAFE,
      execution: 'roles',
      roles: { modifier: ADDRESS, roleKey: ROLE },
    })
    expect(
      findInlineSecrets({ wallets: { evm: { account: { roles: { roleKey: ROLE } } } } }),
    ).toEqual([])
    // The exemption is that one path: the same 32 bytes anywhere else are a key written inline.
    expect(findInlineSecrets({ wallets: { evm: { note: ROLE } } })).toHaveLength(1)
  })

  test('bad input: a missing roles, roles with owner, a bad role key or execution name the field and the fix', () => {
    const problems = (account: string) => {
      const r = parse(`${KEY}    account: ${account}\n`)
      return r.ok ? [] : r.problems.map((p) => ({ path: p.path, fix: p.fix }))
    }
    expect(problems(`{ safe: '${SAFE}', execution: roles }`)).toEqual([
      {
        path: 'wallets.evm.account.roles',
        fix: 'add roles: { modifier: <Roles modifier address>, roleKey: <bytes32 role key> }',
      },
    ])
    expect(
      problems(
        `{ safe: '${SAFE}', execution: owner, roles: { modifier: '${ADDRESS}', roleKey: '${ROLE}' } }`,
      ),
    ).toEqual([
      {
        path: 'wallets.evm.account.roles',
        fix: 'set execution: roles, or remove roles for owner execution',
      },
    ])
    expect(
      problems(
        `{ safe: '${SAFE}', execution: roles, roles: { modifier: '${ADDRESS}', roleKey: 'ferry' } }`,
      ).map((p) => p.path),
    ).toContain('wallets.evm.account.roles.roleKey')
    // The union of an address and a Safe reports at the account, with the Safe's own fix.
    expect(problems(`{ safe: '${SAFE}', execution: module }`)).toEqual([
      {
        path: 'wallets.evm.account',
        fix: 'set execution: owner (the key owns a threshold-1 Safe) or execution: roles with roles: { modifier, roleKey }',
      },
    ])
  })
})
