/** One sample line of a Prometheus text exposition. */
export type PrometheusSample = { name: string; labels: Record<string, string>; value: number }

/** A parsed exposition: its samples, and each metric family's `# TYPE`. */
export type PrometheusExposition = {
  samples: PrometheusSample[]
  /** Family name → counter, gauge, histogram, summary or untyped. */
  types: Map<string, string>
  /** Sum of the samples named `name` whose labels include every pair of `where`; 0 for none. */
  sum(name: string, where?: Record<string, string>): number
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g

/**
 * Parses the Prometheus text format 0.0.4 (what `/metrics` serves), strictly enough for tests:
 * a line that is neither a comment nor a sample throws, naming it.
 */
export function parsePrometheusText(text: string): PrometheusExposition {
  const samples: PrometheusSample[] = []
  const types = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line)
      if (type) types.set(type[1]!, type[2]!)
      continue
    }
    const match = SAMPLE.exec(line)
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const l of (match[2] ?? '').matchAll(LABEL)) {
      labels[l[1]!] = l[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\')
    }
    const raw = match[3]!
    const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw)
    if (Number.isNaN(value) && raw !== 'NaN') throw new Error(`not a sample value: ${line}`)
    samples.push({ name: match[1]!, labels, value })
  }
  return {
    samples,
    types,
    sum(name, where = {}) {
      return samples
        .filter(
          (s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v),
        )
        .reduce((total, s) => total + s.value, 0)
    },
  }
}
