import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseAbi,
  parseAbiItem,
  parseEther,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetEvmAccount } from '../../../src/devnet/devnetAccounts.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { runFerry } from '../../helpers/runFerry.ts'
import { spawnFerry } from '../../helpers/spawnFerry.ts'
import { type SignerAnvil, startSignerAnvil } from '../../helpers/startSignerAnvil.ts'
import { DEVNET_KEY_ENV, writeDevnetLiveConfig } from '../../helpers/writeDevnetLiveConfig.ts'

const USDC = {
  42161: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  8453: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
} as const
/** The canary password of the signer's URL: ferry holds it, so the heap snapshot must show it. */
const SIGNER_PASSWORD = 'canary-signer-pass-7c1e93'

let devnet: Devnet
let signer: SignerAnvil
let dir: string

beforeAll(async () => {
  ;[devnet, signer] = await Promise.all([
    startDevnet({ solana: false, fillDelayMs: 50 }),
    startSignerAnvil(42161),
  ])
  dir = mkdtempSync(join(tmpdir(), 'ferry-remote-signer-'))
  // The signer's account gets the devnet user's funds: gas and 1 000 000 USDC on both chains.
  const deployer = devnetEvmAccount('deployer').account
  for (const chain of devnet.evm) {
    const test = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
    await test.setBalance({ address: signer.address, value: parseEther('100') })
    const wallet = createWalletClient({ account: deployer, transport: http(chain.rpcUrl) })
    const hash = await wallet.writeContract({
      chain: null,
      address: USDC[chain.chainId as 42161 | 8453],
      abi: parseAbi(['function mint(address,uint256)']),
      functionName: 'mint',
      args: [signer.address, 1_000_000n * 10n ** 6n],
    })
    await chain.client.waitForTransactionReceipt({ hash })
  }
}, 90_000)

afterAll(async () => {
  await signer?.stop()
  await devnet?.stop()
})

/** The devnet live config with `wallets.evm` replaced by a remote signer at `${FERRY_SIGNER_URL}`. */
function remoteSignerConfig(name: string, address: string): string {
  const path = writeDevnetLiveConfig(devnet, join(dir, `${name}.yaml`), {
    killSwitchFile: `${name}.kill`,
  })
  const text = readFileSync(path, 'utf8').replace(
    /wallets:\n {2}evm:\n[^\n]*\n[^\n]*\n/,
    `wallets:\n  evm:\n    address: "${address}"\n    signer:\n      remote:\n        url: \${FERRY_SIGNER_URL}\n        address: "${address}"\n`,
  )
  expect(text).not.toContain(DEVNET_KEY_ENV)
  writeFileSync(path, text)
  return path
}

describe('a remote signer (anvil) holds the key; ferry never does', () => {
  test('behavior: ferry run --live creates an order signed by the remote signer, and its heap holds the URL password it was given but not the key it never was', async () => {
    const config = remoteSignerConfig('remote', signer.address)
    const url = `http://ferry:${SIGNER_PASSWORD}@127.0.0.1:${signer.port}`
    const ferry = spawnFerry(
      ['run', config, '--live', '--json', '--journal', join(dir, 'remote.sqlite')],
      120_000,
      // SIGUSR2 makes node write a heap snapshot of the ferry process into `dir`.
      {
        FERRY_SIGNER_URL: url,
        NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${dir}`,
      },
    )
    const created = await ferry
      .waitFor('an order created', (events) => events.find((e) => e.type === 'created'), 30_000)
      .catch((error: Error) => {
        throw new Error(
          `${error.message}\n${JSON.stringify(ferry.events.slice(-8))}\n${ferry.stderr()}`,
        )
      })
    expect(created.orderId).toMatch(/^0x[0-9a-f]{64}$/)
    // The order is the signer's: it is the maker on chain, and its USDC left its wallet.
    const arb = devnet.evm.find((c) => c.chainId === 42161)!
    // One transaction: the order, whose USDC went with a permit the signer signed as typed data
    // (eth_signTypedData_v4), consumed in the same transaction: no approve, no allowance left.
    expect(await arb.client.getTransactionCount({ address: signer.address })).toBe(1)
    const approvals = await arb.client.getLogs({
      address: USDC[42161],
      event: parseAbiItem(
        'event Approval(address indexed owner, address indexed spender, uint256 value)',
      ),
      args: { owner: signer.address },
      fromBlock: 0n,
    })
    expect(approvals).toHaveLength(1)
    const receipt = await arb.client.getTransactionReceipt({ hash: approvals[0]!.transactionHash })
    expect(receipt.from.toLowerCase()).toBe(signer.address.toLowerCase())
    expect(
      await arb.client.readContract({
        address: USDC[42161],
        abi: erc20Abi,
        functionName: 'allowance',
        args: [signer.address, approvals[0]!.args.spender!],
      }),
    ).toBe(0n)
    ferry.kill('SIGUSR2')
    const snapshot = await waitForSnapshot(dir)
    // The control: a secret ferry was given (the URL's password) is in its heap, so the search
    // can find one; the signer's key, given only to anvil, is not, in any spelling.
    expect(snapshot).toContain(SIGNER_PASSWORD)
    const keyHex = signer.privateKey.slice(2)
    expect(snapshot.toLowerCase()).not.toContain(keyHex)
    expect(snapshot).not.toContain(Buffer.from(keyHex, 'hex').toString('base64'))
    ferry.kill('SIGTERM')
    await ferry.exited
    expect(ferry.stderr()).not.toContain(SIGNER_PASSWORD)
    expect(JSON.stringify(ferry.events)).not.toContain(SIGNER_PASSWORD)
  }, 150_000)
})

describe('a remote signer that cannot serve the configured address stops the run at start (exit 2, nothing sent)', () => {
  const sentBy = async (address: `0x${string}`): Promise<number> =>
    devnet.evm.find((c) => c.chainId === 42161)!.client.getTransactionCount({ address })

  test('bad input: an unreachable signer names wallets.evm.signer.remote.url and the fix, without the URL', async () => {
    const other = devnetEvmAccount('treasury').address
    const before = await sentBy(other)
    const config = remoteSignerConfig('unreachable', other)
    const run = await runFerry(['run', config, '--live', '--once', '--json'], {
      FERRY_SIGNER_URL: `http://ferry:${SIGNER_PASSWORD}@127.0.0.1:1`,
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('wallets.evm.signer.remote.url')
    expect(run.stderr).toContain('unreachable')
    expect(run.stderr).toContain('fix:')
    expect(run.stderr).not.toContain(SIGNER_PASSWORD)
    expect(run.stderr).not.toMatch(/\n\s+at /)
    expect(await sentBy(other)).toBe(before)
  }, 60_000)

  test('bad input: a signer that answers for other addresses names wallets.evm.signer.remote.address', async () => {
    // The devnet treasury's key is not in the signer anvil (another mnemonic).
    const other = devnetEvmAccount('treasury').address
    const before = await sentBy(other)
    const config = remoteSignerConfig('foreign', other)
    const run = await runFerry(['run', config, '--live', '--once', '--json'], {
      FERRY_SIGNER_URL: signer.url,
    })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('wallets.evm.signer.remote.address')
    expect(run.stderr).toContain(`does not sign for ${other}`)
    expect(await sentBy(other)).toBe(before)
  }, 60_000)
})

/** Reads the heap snapshot node writes on SIGUSR2, once its JSON is complete. */
async function waitForSnapshot(folder: string): Promise<string> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const file = readdirSync(folder).find((f) => f.endsWith('.heapsnapshot'))
    if (file) {
      const text = readFileSync(join(folder, file), 'utf8')
      // Written in one go by the main thread; complete once its closing brace is there.
      if (text.trimEnd().endsWith('}')) return text
    }
    if (Date.now() > deadline) throw new Error('no heap snapshot was written')
    await new Promise((r) => setTimeout(r, 200))
  }
}
