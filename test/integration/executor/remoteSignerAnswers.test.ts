import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createEvmSigner } from '../../../src/chains/evm/createEvmSigner.ts'
import { type FixtureServer, startFixtureServer } from '../../helpers/startFixtureServer.ts'

// The signing server's key: the server below holds it, ferry's signer is given only its URL.
const serverAccount = privateKeyToAccount(generatePrivateKey())
const strangerAccount = privateKeyToAccount(generatePrivateKey())
const DLN_SOURCE = '0xeF4fB24aD0916217251F553c0596F8Edc630EB66'
const tx = {
  chainId: 42161,
  nonce: 3,
  to: DLN_SOURCE,
  data: '0xb9303701' as Hex,
  value: 0n,
  gas: 100_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1n,
} as const

/** What the server answers to eth_signTransaction, by test. */
const answers: Record<string, Hex> = {}
let mode = 'honest'
let server: FixtureServer

beforeAll(async () => {
  answers.honest = await serverAccount.signTransaction({ ...tx, type: 'eip1559' })
  // A signer of its own mind: same key, another target (it would pay someone else).
  answers.swapTarget = await serverAccount.signTransaction({
    ...tx,
    to: '0x000000000000000000000000000000000000dEaD',
    type: 'eip1559',
  })
  // The right transaction, but signed by a key that is not the configured address.
  answers.otherKey = await strangerAccount.signTransaction({ ...tx, type: 'eip1559' })
  server = await startFixtureServer((req) => {
    const call = JSON.parse(req.body) as { id: number }
    return { body: { jsonrpc: '2.0', id: call.id, result: answers[mode] } }
  })
}, 20_000)

afterAll(async () => {
  await server?.close()
})

const signer = () =>
  createEvmSigner(
    { remote: { url: server.url, address: serverAccount.address } },
    serverAccount.address,
  )

describe('a remote signer answer is checked before ferry uses it (docs/safety.md §5)', () => {
  test('behavior: the exact transaction, signed by the configured address, is accepted and asked for with every field', async () => {
    mode = 'honest'
    await expect(signer().signTransaction(tx)).resolves.toBe(answers.honest)
    const asked = JSON.parse(server.requests.at(-1)!.body) as {
      method: string
      params: [Record<string, string>]
    }
    expect(asked.method).toBe('eth_signTransaction')
    expect(asked.params[0]).toMatchObject({
      from: serverAccount.address,
      to: DLN_SOURCE,
      nonce: '0x3',
      chainId: '0xa4b1',
    })
  })

  test('attack: a signer that signs another target is refused, naming the changed field', async () => {
    mode = 'swapTarget'
    await expect(signer().signTransaction(tx)).rejects.toThrow(
      /signed a different transaction \(to changed\)/,
    )
  })

  test('attack: the right transaction signed by another key is refused', async () => {
    mode = 'otherKey'
    await expect(signer().signTransaction(tx)).rejects.toThrow(
      /signed as 0x[0-9a-fA-F]{40}, not as/,
    )
  })
})
