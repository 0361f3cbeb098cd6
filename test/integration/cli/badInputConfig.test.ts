import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { rebalanceYaml } from '../../helpers/rebalanceYaml.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import { devnetPricesYaml } from '../../helpers/writeDevnetLiveConfig.ts'
import { encryptKeystoreV3 } from '../../unit/chains/evm/encryptKeystoreV3.ts'

const dir = mkdtempSync(join(tmpdir(), 'ferry-bad-config-'))

const CHAINS = `chains:
  42161: { rpcUrls: ["http://127.0.0.1:9"] }
  8453: { rpcUrls: ["http://127.0.0.1:9"] }
`
const STRATEGY = rebalanceYaml()
/** The key the live cases set, and the address it derives to. */
const KEY = `0x${'11'.repeat(32)}` as const
const ADDRESS = '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A'
const EVM_WALLET = `wallets:
  evm: { address: "${ADDRESS}", privateKeyEnv: FERRY_BAD_INPUT_KEY }
`
/** A live file that passes every check once FERRY_BAD_INPUT_KEY is set. */
const LIVE = `mode: live
service: { apiUrl: "http://127.0.0.1:9" }
${CHAINS}${EVM_WALLET}${devnetPricesYaml()}${STRATEGY}`

/** One file `ferry run` refuses at start, and what both commands must say about it. */
type Case = {
  name: string
  yaml: string
  /** `--live` for ferry run (config check reads the keys of any mode: live file). */
  live?: boolean
  env?: Record<string, string>
  /** The key path and the problem, as `path: problem`. */
  subject: string
  fix: string
}

const cases: Case[] = [
  {
    name: 'an empty file',
    yaml: '# nothing yet\n\n',
    subject: '(file): the file is empty',
    fix: 'fix: write a config: start from config/demo.yaml',
  },
  {
    name: 'a chain id ferry does not know',
    yaml: `service: { apiUrl: "http://127.0.0.1:9" }
chains:
  999: { rpcUrls: ["http://127.0.0.1:9"] }
  42161: { rpcUrls: ["http://127.0.0.1:9"] }
  8453: { rpcUrls: ["http://127.0.0.1:9"] }
${EVM_WALLET}${STRATEGY}`,
    subject: 'chains.999: ferry does not know chain 999',
    fix: 'fix: use a service chain id ferry supports: 1, 10, 56',
  },
  {
    name: 'a strategy on a chain that is not configured',
    yaml: `service: { apiUrl: "http://127.0.0.1:9" }
chains:
  42161: { rpcUrls: ["http://127.0.0.1:9"] }
${EVM_WALLET}${STRATEGY}`,
    subject: 'strategies[0]: "usdc" acts on chain 8453, which is not in chains',
    fix: 'fix: add chains.8453.rpcUrls',
  },
  {
    name: 'a strategy on chains with no wallet of their kind',
    yaml: `service: { apiUrl: "http://127.0.0.1:9" }
${CHAINS}${STRATEGY}`,
    subject: 'wallets.evm: "usdc" acts on chain 42161, but no EVM wallet is configured',
    fix: 'fix: set wallets.evm: address, and privateKeyEnv',
  },
  {
    name: 'a live file whose key variable is unset',
    yaml: LIVE,
    live: true,
    subject:
      'wallets.evm: FERRY_BAD_INPUT_KEY: the env var named by wallets.evm.privateKeyEnv is not set',
    fix: 'fix: export FERRY_BAD_INPUT_KEY=<hex key>',
  },
  {
    name: 'a live file whose keystore file is missing',
    yaml: LIVE.replace(
      'privateKeyEnv: FERRY_BAD_INPUT_KEY',
      'keystorePath: missing.keystore.json, passwordEnv: FERRY_BAD_INPUT_PASSWORD',
    ),
    live: true,
    env: { FERRY_BAD_INPUT_PASSWORD: 'pw' },
    subject: `wallets.evm: wallets.evm.keystorePath: cannot read ${join(dir, 'missing.keystore.json')}: ENOENT`,
    fix: 'fix: give the path of the keystore file, relative to the config file',
  },
  {
    name: 'an alert URL variable that is unset',
    yaml: `${LIVE}observe:
  alerts:
    destinations:
      - { format: slack, urlEnv: FERRY_BAD_INPUT_SLACK_URL }
`,
    live: true,
    env: { FERRY_BAD_INPUT_KEY: KEY },
    subject: 'observe.alerts.destinations[0].urlEnv: FERRY_BAD_INPUT_SLACK_URL is not set',
    fix: 'fix: set FERRY_BAD_INPUT_SLACK_URL in the environment or in .env',
  },
  {
    name: 'a live file whose key derives to another address',
    yaml: LIVE,
    live: true,
    env: { FERRY_BAD_INPUT_KEY: `0x${'22'.repeat(32)}` },
    subject: `wallets.evm: wallets.evm.address: the EVM key does not derive to the configured address (configured: ${ADDRESS}, derived: 0x1563915e194D8CfBA1943570603F7606A3115508)`,
    fix: 'fix: give the key of the configured address',
  },
  {
    name: 'a live file whose key is all zeros',
    yaml: LIVE,
    live: true,
    env: { FERRY_BAD_INPUT_KEY: `0x${'00'.repeat(32)}` },
    subject: 'wallets.evm: EVM key: not a valid secp256k1 private key (value not shown)',
    fix: 'fix: give the private key of the wallet at wallets.evm.address',
  },
  {
    name: 'a live file whose keystore password is wrong (the error names the file)',
    yaml: LIVE.replace(
      'privateKeyEnv: FERRY_BAD_INPUT_KEY',
      'keystorePath: wallet.keystore.json, passwordEnv: FERRY_BAD_INPUT_PASSWORD',
    ),
    live: true,
    env: { FERRY_BAD_INPUT_PASSWORD: 'not-the-password' },
    subject: `wallets.evm: wallets.evm.keystorePath: ${join(dir, 'wallet.keystore.json')}: MAC mismatch (wrong password or corrupted file)`,
    fix: 'fix: check the keystore file and the password in wallets.evm.passwordEnv',
  },
]
writeFileSync(join(dir, 'wallet.keystore.json'), encryptKeystoreV3(KEY, 'the-password'))

describe('bad input: config check rejects what run rejects at start (exit 2, the key, the fix)', () => {
  cases.forEach((c, i) => {
    test(`failure: ${c.name}`, async () => {
      const file = join(dir, `case${i}.yaml`)
      writeFileSync(file, c.yaml)
      const check = await runFerry(['config', 'check', file], c.env)
      expect(check.code).toBe(2)
      expect(check.stdout).not.toContain('valid')
      expect(check.stderr).toContain(`  ${c.subject} (${c.fix}`)
      const run = await runFerry(
        [
          'run',
          file,
          '--once',
          '--json',
          '--journal',
          join(dir, `case${i}.sqlite`),
          ...(c.live ? ['--live'] : []),
        ],
        c.env,
      )
      expect(run.code).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr).toContain(c.subject)
      expect(run.stderr).toContain(c.fix)
      expect(run.stderr).not.toContain('Cannot read properties')
    })
  })

  test('behavior: the live file of the table passes both once its key is set (the table fails for its own reason)', async () => {
    const file = join(dir, 'live-ok.yaml')
    writeFileSync(file, LIVE)
    const check = await runFerry(['config', 'check', file], { FERRY_BAD_INPUT_KEY: KEY })
    expect(check.stderr).toBe('')
    expect(check.code).toBe(0)
    expect(check.stdout).toContain(`${file}: valid`)
  })
})
