import { orderTxResponseSchema } from '../src/api/schemas/orderQuote.ts'
import { createTxJsonExample } from '../test/fixtures/conformance/createTxJsonExample.ts'
import type { BenchResult } from './run.ts'

/** Median of a sample, in the sample's unit. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** Median µs per call of `fn`, over `rounds` rounds of `batch` calls, after a warm-up. */
function measureMicros(fn: () => unknown, rounds = 41, batch = 500): number {
  for (let i = 0; i < batch * 4; i++) fn()
  const samples: number[] = []
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint()
    for (let i = 0; i < batch; i++) fn()
    samples.push(Number(process.hrtime.bigint() - t0) / 1000 / batch)
  }
  return median(samples)
}

/**
 * Parse + validate of a create-tx answer (the real example of docs/dln.md §1.3) with the docs/service.md §2.6
 * schema, side by side with a bare JSON.parse of the same body. Target: ratio <= 5.
 */
export async function run(): Promise<BenchResult> {
  const body = JSON.stringify(createTxJsonExample)
  // Interleave the two so both see the same machine state.
  const bare: number[] = []
  const validated: number[] = []
  for (let i = 0; i < 5; i++) {
    bare.push(measureMicros(() => JSON.parse(body)))
    validated.push(measureMicros(() => orderTxResponseSchema.parse(JSON.parse(body))))
  }
  const bareUs = median(bare)
  const validatedUs = median(validated)
  const ratio = validatedUs / bareUs
  console.log(`body ${body.length} bytes`)
  console.log(`JSON.parse                 median ${bareUs.toFixed(2)} µs`)
  console.log(`JSON.parse + zod (§2.6)    median ${validatedUs.toFixed(2)} µs`)
  console.log(`ratio                      ${ratio.toFixed(2)} (target <= 5)`)
  return {
    name: 'create-tx parse+validate vs JSON.parse',
    target: `ratio ${ratio.toFixed(2)} <= 5`,
    met: ratio <= 5,
  }
}
