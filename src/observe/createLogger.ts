import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino'
import { REDACTED, redactSecrets, SECRET_KEYS } from '../common/redactSecrets.ts'

/** Options of {@link createLogger}. */
export type CreateLoggerOptions = {
  /** pino level. Default `info`. */
  level?: string
  /** Pretty, colourless-when-piped lines instead of JSON. Default: JSON unless stderr is a TTY. */
  pretty?: boolean
  /** Exact secret values (keys, tokens, passwords) censored wherever they appear. */
  secrets?: readonly string[]
  /** Where lines go. Default stderr, so stdout stays for `--json` output. */
  destination?: DestinationStream
}

// pino's path redaction covers the keys wherever they sit up to two levels deep.
const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]).concat([
  'privateKey',
  '*.privateKey',
  'secretKey',
  '*.secretKey',
  'headers.authorization',
  '*.headers.authorization',
  'accessToken',
  '*.accessToken',
])

const SECRET_KEY_SET = new Set<string>([
  ...SECRET_KEYS,
  'privatekey',
  'secretkey',
  'accesstoken',
  'apikey',
])

/** Whether a field name holds a secret, whatever its case or separators (`apiKey`, `API_KEY`). */
function isSecretKey(key: string): boolean {
  return SECRET_KEY_SET.has(key.toLowerCase().replace(/[-_]/g, ''))
}

/**
 * Creates ferry's pino logger. Secrets never reach a line (safety P-5.3): pino `redact` censors
 * secret keys by path, and every string (message and fields, URLs included) is scrubbed of
 * secret query parameters and of the known secret values.
 */
export function createLogger(options: CreateLoggerOptions = {}): PinoLogger {
  const secrets = options.secrets ?? []
  const scrub = (value: unknown, depth = 0): unknown => {
    if (typeof value === 'string') return redactSecrets(value, secrets)
    if (depth > 6 || value === null || typeof value !== 'object') return value
    if (value instanceof Error) {
      return { type: value.name, message: redactSecrets(value.message, secrets) }
    }
    if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isSecretKey(k) ? REDACTED : scrub(v, depth + 1)]),
    )
  }
  const pretty =
    options.pretty ?? (process.stderr.isTTY === true && options.destination === undefined)
  const destination =
    options.destination ??
    (pretty
      ? (pino.transport({
          target: 'pino-pretty',
          options: { destination: 2 },
        }) as DestinationStream)
      : pino.destination(2))
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      formatters: { log: (obj) => scrub(obj) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          const cleaned = args.map((a) => (typeof a === 'string' ? redactSecrets(a, secrets) : a))
          return method.apply(this, cleaned as Parameters<typeof method>)
        },
      },
    },
    destination,
  )
}
