import type { ConfigProblem } from './ConfigError.ts'
import { formatConfigPath } from './formatConfigPath.ts'

const SECRET_KEY_NAMES = new Set([
  'privatekey',
  'private_key',
  'secretkey',
  'secret_key',
  'mnemonic',
  'seedphrase',
  'seed_phrase',
  'seed',
])
/** A raw secp256k1 / ed25519 seed: 32 bytes of hex. */
const HEX_KEY_RE = /^(0x)?[0-9a-fA-F]{64}$/
/** A base58 Solana secret key: 64 bytes encode to 86-88 characters. */
const BASE58_SECRET_RE = /^[1-9A-HJ-NP-Za-km-z]{86,88}$/
/** BIP-39 phrases: 12, 15, 18, 21 or 24 lower-case words of 3-8 letters. */
const MNEMONIC_WORD_COUNTS = new Set([12, 15, 18, 21, 24])
const MNEMONIC_WORD_RE = /^[a-z]{3,8}$/

const FIX = 'move the secret to an env var (or .env, mode 0600) and write privateKeyEnv: <NAME>'
/** A database URL with a password in it (`postgres://user:password@host`). */
const DB_PASSWORD_RE = /^postgres(ql)?:\/\/[^:@/\s]+:[^@\s]+@/i
const DB_FIX = `write journal.url: \${FERRY_JOURNAL_URL} and set FERRY_JOURNAL_URL in the environment`
/** Credentials in a URL: `user:password@` or a secret-looking query value. */
const URL_CREDENTIALS_RE = /^https?:\/\/[^/@\s]+@|[?&](token|key|apikey|api_key|password|secret)=/i
const SIGNER_FIX = `write url: \${FERRY_SIGNER_URL} and set FERRY_SIGNER_URL in the environment`

/**
 * Finds key material written inline in a config document (docs/safety.md §5, P-5.3): keys named
 * privateKey/secretKey/mnemonic/seed, 64-hex strings (an EVM or ed25519 private key), base58
 * strings of a 64-byte Solana secret, arrays of 64 byte values (a keypair file pasted inline) and
 * BIP-39-shaped phrases, and database URLs with a password. A Safe account's `roles.roleKey` is a
 * public bytes32 and is not scanned. Run on the document before `${VAR}` substitution, so secrets that come
 * from the environment are fine. Pure; the values never appear in the problems.
 */
export function findInlineSecrets(doc: unknown): ConfigProblem[] {
  const problems: ConfigProblem[] = []
  const report = (path: (string | number)[], what: string): void => {
    problems.push({ path: formatConfigPath(path), problem: `${what} written inline`, fix: FIX })
  }
  const walk = (node: unknown, path: (string | number)[]): void => {
    if (typeof node === 'string') {
      if (DB_PASSWORD_RE.test(node.trim())) {
        problems.push({
          path: formatConfigPath(path),
          problem: 'a database password written inline',
          fix: DB_FIX,
        })
        return
      }
      if (path.includes('signer') && URL_CREDENTIALS_RE.test(node.trim())) {
        problems.push({
          path: formatConfigPath(path),
          problem: 'remote signer credentials written inline',
          fix: SIGNER_FIX,
        })
        return
      }
      // A Roles role key is a public bytes32 the modifier stores on chain, not key material.
      if (path.at(-1) === 'roleKey' && path.at(-2) === 'roles') return
      const kind = secretKind(node)
      if (kind) report(path, kind)
      return
    }
    if (Array.isArray(node)) {
      if (
        node.length === 64 &&
        node.every((n) => /^[0-9]{1,3}$/.test(String(n)) && Number(n) <= 255)
      ) {
        report(path, 'a 64-byte secret key array')
        return
      }
      node.forEach((item, i) => {
        walk(item, [...path, i])
      })
      return
    }
    if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (SECRET_KEY_NAMES.has(key.toLowerCase())) {
          report([...path, key], `a "${key}" key (key material)`)
          continue
        }
        walk(value, [...path, key])
      }
    }
  }
  walk(doc, [])
  return problems
}

function secretKind(text: string): string | undefined {
  const value = text.trim()
  if (HEX_KEY_RE.test(value)) return 'a 32-byte hex private key'
  if (BASE58_SECRET_RE.test(value)) return 'a base58 64-byte secret key'
  const words = value.split(/\s+/)
  if (MNEMONIC_WORD_COUNTS.has(words.length) && words.every((w) => MNEMONIC_WORD_RE.test(w)))
    return 'a mnemonic phrase'
  return undefined
}
