import { Writable } from 'node:stream'
import { createTestClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevnetEvmChain } from '../../../src/devnet/DevnetEvmChain.ts'
import { type Devnet, startDevnet } from '../../../src/devnet/startDevnet.ts'
import { executeEvmOrder } from '../../../src/execute/evm/executeEvmOrder.ts'
import { createLogger } from '../../../src/observe/createLogger.ts'
import { encryptKeystoreV3 } from '../../unit/chains/evm/encryptKeystoreV3.ts'
import { chainsOf, devnetValueFlow, orderIntent, testApi, testSender } from './executorHarness.ts'

const NATIVE = '0x0000000000000000000000000000000000000000'
const canaryKey = generatePrivateKey()
const canaryAddress = privateKeyToAddress(canaryKey)
const canaryPassword = `canary-password-${canaryKey.slice(10, 22)}`
let devnet: Devnet
let arb: DevnetEvmChain
let base: DevnetEvmChain

beforeAll(async () => {
  devnet = await startDevnet({ solana: false })
  ;[arb, base] = chainsOf(devnet)
  const anvil = createTestClient({ mode: 'anvil', transport: http(arb.rpcUrl) })
  await anvil.setBalance({ address: canaryAddress, value: parseEther('100') })
})
afterAll(async () => {
  await devnet?.stop()
})

/** Every text an error exposes: message, stack, causes and enumerable fields. */
function errorText(error: unknown): string {
  const parts: string[] = []
  let e: unknown = error
  for (let depth = 0; e && depth < 8; depth++) {
    const err = e as Error & Record<string, unknown>
    parts.push(String(err.message), String(err.stack))
    parts.push(JSON.stringify(err, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) ?? '')
    e = err.cause
  }
  return parts.join('\n')
}

describe('secrets never reach logs or errors (P-5.3)', () => {
  test('default: a keystore run with a canary key and password leaves no trace of either', async () => {
    const lines: string[] = []
    const destination = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    // No `secrets` list: the test proves ferry never hands the values to the logger at all.
    const logger = createLogger({ level: 'debug', destination })
    const errors: unknown[] = []
    const keystoreJson = encryptKeystoreV3(canaryKey, canaryPassword)
    const { sender, journal } = testSender(arb, {
      key: { keystoreJson, password: canaryPassword },
      address: canaryAddress,
      logger,
    })
    try {
      const result = await executeEvmOrder({
        ...devnetValueFlow,
        intent: orderIntent(
          arb,
          base,
          NATIVE,
          parseEther('1'),
          base.contracts.tokens.USDC.address,
          canaryAddress,
        ),
        api: testApi(devnet.sim.baseUrl),
        sender,
        logger,
      })
      expect(result.orderId).toBe(result.quote.orderId)
      // Failures on purpose: a refused intent, a balance shortfall, and bad key material.
      await executeEvmOrder({
        ...devnetValueFlow,
        intent: {
          ...orderIntent(arb, base, NATIVE, 1n, base.contracts.tokens.USDC.address),
          sender: '0x000000000000000000000000000000000000dEaD',
        },
        api: testApi(devnet.sim.baseUrl),
        sender,
        logger,
      }).catch((e: unknown) => errors.push(e))
      await executeEvmOrder({
        ...devnetValueFlow,
        intent: orderIntent(
          arb,
          base,
          NATIVE,
          parseEther('1000'),
          base.contracts.tokens.USDC.address,
          canaryAddress,
        ),
        api: testApi(devnet.sim.baseUrl),
        sender,
        logger,
      }).catch((e: unknown) => errors.push(e))
    } finally {
      sender.close()
    }
    for (const source of [
      { keystoreJson, password: `${canaryPassword}x` },
      { keystoreJson: keystoreJson.replace('"mac":"', '"mac":"00'), password: canaryPassword },
      { privateKey: `${canaryKey}00` },
      { privateKey: canaryKey },
    ]) {
      try {
        testSender(arb, {
          key: source,
          address: '0x000000000000000000000000000000000000dEaD',
        }).sender.close()
      } catch (e) {
        errors.push(e)
      }
    }
    expect(errors.length).toBe(6)
    expect(lines.length).toBeGreaterThanOrEqual(6)
    const haystack = [
      ...lines,
      ...errors.map(errorText),
      JSON.stringify(journal.records, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    ].join('\n')
    const needles = [
      canaryKey,
      canaryKey.slice(2),
      canaryKey.slice(2).toUpperCase(),
      canaryPassword,
    ]
    for (const needle of needles) expect(haystack.toLowerCase()).not.toContain(needle.toLowerCase())
  })
})
