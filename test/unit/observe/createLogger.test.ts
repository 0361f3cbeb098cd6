import { Writable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { createLogger } from '../../../src/observe/createLogger.ts'

const KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'
const TOKEN = 'canary-access-token-8d1f0c'
const PASSWORD = 'canary-keystore-password-77'

function capture(): { lines: string[]; destination: Writable } {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { lines, destination }
}

describe('createLogger', () => {
  test('default: writes JSON lines with the fields given', () => {
    const { lines, destination } = capture()
    createLogger({ destination }).info({ chainId: 42161 }, 'hello')
    expect(JSON.parse(lines[0]!)).toMatchObject({ chainId: 42161, msg: 'hello', level: 30 })
  })

  test('behavior: secrets never reach a line: keys, tokens in URLs, known values, error messages', () => {
    const { lines, destination } = capture()
    const logger = createLogger({ destination, secrets: [KEY, PASSWORD, TOKEN], level: 'debug' })
    logger.info(
      { privateKey: KEY, wallet: { privateKey: KEY, mnemonic: 'test test test' } },
      'key fields',
    )
    logger.info(
      { url: `https://api.example/v1.0/net/order/create-tx?srcChainId=1&accesstoken=${TOKEN}` },
      'url',
    )
    logger.warn(
      { error: new Error(`request to http://h/?accesstoken=${TOKEN} failed`) },
      'error object',
    )
    logger.error({ detail: `decrypting with ${PASSWORD}` }, `message with ${KEY}`)
    logger.debug({ headers: { authorization: `Bearer ${TOKEN}` } }, 'headers')
    logger.info(
      { nested: { deeper: { accessToken: TOKEN, apiKey: 'x-api-key-value-123' } } },
      'nested',
    )
    const all = lines.join('\n')
    expect(lines).toHaveLength(6)
    for (const canary of [KEY, TOKEN, PASSWORD, 'test test test', 'x-api-key-value-123']) {
      expect(all).not.toContain(canary)
    }
    expect(all).toContain('[redacted]')
    // Useful context survives the scrubbing.
    expect(all).toContain('srcChainId=1')
  })
})
