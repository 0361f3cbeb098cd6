import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import type { Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { anvilBinaryPath } from '../../src/devnet/startAnvil.ts'

/** A mnemonic no ferry file knows (not the devnet's): the signer's keys exist only in anvil. */
export const SIGNER_MNEMONIC =
  'legal winner thank year wave sausage worth useful legal winner thank yellow'

/** A running anvil used only as a JSON-RPC signing server (eth_signTransaction and v4 typed data). */
export type SignerAnvil = {
  url: string
  port: number
  /** The first unlocked account of {@link SIGNER_MNEMONIC}. */
  address: Hex
  /** Its private key, for the test's own search of ferry's memory only: never given to ferry. */
  privateKey: Hex
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts anvil as a remote signer with {@link SIGNER_MNEMONIC}'s accounts unlocked, for chain
 * `chainId` (anvil signs only for its own chain id). Resolves once it answers eth_chainId.
 */
export async function startSignerAnvil(chainId: number): Promise<SignerAnvil> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    anvilBinaryPath(),
    ['--port', String(port), '--chain-id', String(chainId), '--mnemonic', SIGNER_MNEMONIC],
    { stdio: 'ignore' },
  )
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 15_000
  for (;;) {
    try {
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      })
      if (r.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error('signer anvil did not start')
    await new Promise((r) => setTimeout(r, 100))
  }
  const account = mnemonicToAccount(SIGNER_MNEMONIC)
  const key = account.getHdKey().privateKey
  if (!key) throw new Error('mnemonic gave no private key')
  return {
    url,
    port,
    address: account.address,
    privateKey: `0x${Buffer.from(key).toString('hex')}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
