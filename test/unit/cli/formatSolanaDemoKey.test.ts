import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Keypair } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import { formatSolanaDemoKey } from '../../../src/cli/format/formatSolanaDemoKey.ts'
import { resolveSolanaSecretKey } from '../../../src/cli/resolveSolanaSecretKey.ts'

describe('ferry devnet: the Solana demo key line', () => {
  test('behavior: the printed secret key is base58 that wallets.solana.secretKeyEnv takes as is', () => {
    const keypair = Keypair.fromSeed(new Uint8Array(32).fill(7))
    const address = keypair.publicKey.toBase58()
    const line = formatSolanaDemoKey(address, keypair.secretKey)
    const printed = /secret key \(base58\) (\S+)$/.exec(line)![1]!
    expect(printed).toMatch(/^[1-9A-HJ-NP-Za-km-z]+$/)
    const configPath = join(mkdtempSync(join(tmpdir(), 'ferry-devnet-key-')), 'ferry.yaml')
    const secret = resolveSolanaSecretKey(
      { address, secretKeyEnv: 'FERRY_SOLANA_KEY' },
      { FERRY_SOLANA_KEY: printed },
      configPath,
    )
    expect(Buffer.from(secret)).toEqual(Buffer.from(keypair.secretKey))
  })
})
