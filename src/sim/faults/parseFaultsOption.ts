import { type FaultKnobs, faultKnobsSchema } from './faultKnobsSchema.ts'

/**
 * Parses `--faults k=v,k=v` (e.g. `latencyMs=50,serverErrorRate=0.1`) into fault knobs. Keys are
 * the field names of {@link faultKnobsSchema}; unknown keys and bad values throw an Error that
 * names them.
 */
export function parseFaultsOption(text: string): FaultKnobs {
  const raw: Record<string, number> = {}
  for (const pair of text.split(',').filter((p) => p.trim() !== '')) {
    const [key, value, extra] = pair.split('=').map((s) => s.trim())
    const n = Number(value)
    if (!key || value === undefined || value === '' || extra !== undefined || !Number.isFinite(n)) {
      throw new Error(`bad fault "${pair}": write key=number, e.g. serverErrorRate=0.1`)
    }
    raw[key] = n
  }
  const parsed = faultKnobsSchema.safeParse(raw)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.join('.') || i.message}: ${i.message}`,
    )
    throw new Error(`bad --faults: ${problems.join('; ')}`)
  }
  return parsed.data
}
