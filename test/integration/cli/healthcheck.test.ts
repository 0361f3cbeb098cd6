import { execFile } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const SCRIPT = fileURLToPath(new URL('../../../scripts/healthcheck.mjs', import.meta.url))
let status = 200
const server = createServer((_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ ok: status === 200 }))
})
let url: string

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const check = (env: Record<string, string>): Promise<{ code: number; stderr: string }> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT],
      { env: { ...process.env, ...env }, timeout: 15_000 },
      (error, _out, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    )
  })

describe('the container health check', () => {
  test('behavior: healthy while /health answers 200, unhealthy on 503 or no answer', async () => {
    status = 200
    expect((await check({ FERRY_HEALTH_URL: url })).code).toBe(0)
    status = 503
    const sick = await check({ FERRY_HEALTH_URL: url })
    expect(sick.code).toBe(1)
    expect(sick.stderr).toContain('unhealthy: 503')
    expect((await check({ FERRY_HEALTH_URL: 'http://127.0.0.1:9/health' })).code).toBe(1)
  })

  test('default: without FERRY_HEALTH_URL it checks that the native modules load', async () => {
    expect((await check({ FERRY_HEALTH_URL: '' })).code).toBe(0)
  })
})
