import {
  encodeFunctionData,
  erc20Abi,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { EVM_CONTRACTS } from '../../../../src/chains/chainRegistry.ts'
import { createEvmSigner, type EvmTxToSign } from '../../../../src/chains/evm/createEvmSigner.ts'
import { decryptKeystoreV3 } from '../../../../src/chains/evm/decryptKeystoreV3.ts'
import { VerificationError } from '../../../../src/common/VerificationError.ts'
import { encryptKeystoreV3 } from './encryptKeystoreV3.ts'

const key = generatePrivateKey()
const address = privateKeyToAddress(key)
const password = 'correct horse battery staple 42'

const tx = (over: Partial<EvmTxToSign> = {}): EvmTxToSign => ({
  type: 'eip1559',
  chainId: 42161,
  nonce: 7,
  to: EVM_CONTRACTS.dlnSource,
  data: '0xb9303701',
  value: 0n,
  gas: 300_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000n,
  ...over,
})

/** Every text an error exposes, for secret greps. */
function allText(error: unknown): string {
  const e = error as Error & Record<string, unknown>
  return [
    e.message,
    e.stack,
    JSON.stringify(e, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
  ].join('\n')
}

describe('createEvmSigner', () => {
  test('default: a private key that derives to the configured address signs', async () => {
    const signer = createEvmSigner({ privateKey: key }, address.toLowerCase())
    const raw = await signer.signTransaction(tx())
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address)
    expect(parseTransaction(raw).nonce).toBe(7)
    expect(keccak256(raw)).toMatch(/^0x[0-9a-f]{64}$/)
  })

  test('behavior: refuses to start when the key derives to another address (P-1.9)', () => {
    const other = privateKeyToAddress(generatePrivateKey())
    let error: unknown
    try {
      createEvmSigner({ privateKey: key }, other)
    } catch (e) {
      error = e
    }
    expect((error as Error).message).toMatch(/does not derive to the configured address/)
    expect(allText(error)).not.toContain(key.slice(2))
  })

  test('behavior: a malformed key is refused without quoting it', () => {
    const bad = `${key}zz`
    expect(() => createEvmSigner({ privateKey: bad }, address)).toThrow(/not 32 bytes/)
    try {
      createEvmSigner({ privateKey: bad }, address)
    } catch (e) {
      expect(allText(e)).not.toContain(key.slice(2))
    }
  })

  test.each(['scrypt', 'pbkdf2'] as const)(
    'behavior: a v3 keystore (%s) decrypts to the key',
    (kdf) => {
      const json = encryptKeystoreV3(key, password, kdf)
      expect(decryptKeystoreV3(json, password)).toBe(key)
      expect(createEvmSigner({ keystoreJson: json, password }, address).address).toBe(address)
    },
  )

  test('behavior: a wrong keystore password is a MAC error that quotes nothing secret', () => {
    const json = encryptKeystoreV3(key, password)
    let error: unknown
    try {
      createEvmSigner({ keystoreJson: json, password: 'wrong password 1234' }, address)
    } catch (e) {
      error = e
    }
    expect((error as Error).message).toMatch(/MAC mismatch/)
    expect(allText(error)).not.toContain('wrong password 1234')
    expect(allText(error)).not.toContain(key.slice(2))
  })

  test('behavior: the signer re-checks the allow-list itself (P-5.2)', async () => {
    const signer = createEvmSigner({ privateKey: key }, address)
    const refuse = async (t: EvmTxToSign, field: string): Promise<void> => {
      const error = await signer.signTransaction(t).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(VerificationError)
      expect((error as VerificationError).field).toBe(field)
    }
    await refuse(tx({ to: '0x000000000000000000000000000000000000dEaD' }), 'tx.to')
    await refuse(tx({ data: '0xdeadbeef' }), 'tx.data.selector')
    await refuse(tx({ chainId: 999_999 }), 'tx.chainId')
    const approveTo = (spender: `0x${string}`) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 1n] })
    const token = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
    await refuse(
      tx({ to: token, data: approveTo('0x000000000000000000000000000000000000dEaD') }),
      'approve.spender',
    )
    await expect(
      signer.signTransaction(tx({ to: token, data: approveTo(EVM_CONTRACTS.forwarder) })),
    ).resolves.toMatch(/^0x02/)
    await expect(signer.signTransaction(tx({ to: address, data: '0x' }))).resolves.toMatch(/^0x02/)
    await refuse(tx({ to: address, data: '0x', value: 1n }), 'tx.to')
  })

  test("behavior: the router's swap(...) and strictlySwapAndCall may be signed to the forwarder, nothing else (docs/dln.md §6.1)", async () => {
    const signer = createEvmSigner({ privateKey: key }, address)
    const to = EVM_CONTRACTS.forwarder
    for (const selector of ['0x258c16ee', '0x4d8160ba'] as const) {
      await expect(signer.signTransaction(tx({ to, data: selector }))).resolves.toMatch(/^0x02/)
    }
    const error = await signer.signTransaction(tx({ to, data: '0x5c5c5701' })).catch((e) => e)
    expect((error as VerificationError).field).toBe('tx.data.selector')
  })
})
