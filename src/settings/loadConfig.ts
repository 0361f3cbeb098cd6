import { existsSync, readFileSync, statSync } from 'node:fs'
import { parse as parseDotenv } from 'dotenv'
import { UsageError } from '../common/UsageError.ts'
import { ConfigError } from './ConfigError.ts'
import { type DeepReadonly, deepFreeze } from './deepFreeze.ts'
import type { FerryConfig } from './ferryConfigSchema.ts'
import { parseFerryConfig } from './parseFerryConfig.ts'
import type { EnvMap } from './substituteEnv.ts'

/** Inputs of {@link loadConfig}. */
export type LoadConfigParams = {
  /** The YAML config file. */
  path: string
  /** The environment. Default process.env. */
  env?: EnvMap
  /**
   * A dotenv file whose variables fill in what `env` lacks (never overriding it); `false` to skip.
   * Default `.env` in the working directory, skipped when absent.
   */
  dotenvPath?: string | false
}

/** Result of {@link loadConfig}. */
export type LoadConfigResult = {
  /** The parsed, defaulted and deep-frozen config. */
  config: DeepReadonly<FerryConfig>
  /**
   * The environment the config was resolved against (env + .env), frozen. Wallet secrets named
   * by `privateKeyEnv`/`secretKeyEnv`/`passwordEnv` are read from here, once, by the signer.
   */
  env: EnvMap
}

/**
 * Loads a config file: read → YAML → inline-secret scan → `${VAR}` from env and `.env` (dotenv)
 * → zod (strict, with defaults) → deep-freeze. A file that cannot be read is a UsageError; a bad
 * file is a {@link ConfigError} listing every problem with its key path and fix.
 */
export function loadConfig(params: LoadConfigParams): LoadConfigResult {
  const { path } = params
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new UsageError(
      path,
      `cannot read the config file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      'give the path of a readable YAML file, e.g. config/demo.yaml',
    )
  }
  const processEnv = params.env ?? process.env
  const dotenvPath = params.dotenvPath ?? '.env'
  const env = mergeDotenv(processEnv, dotenvPath)
  const result = parseFerryConfig(text, env)
  if (!result.ok) throw new ConfigError(path, result.problems)
  if (dotenvPath !== false) refuseOpenDotenvKeys(result.config, processEnv, dotenvPath)
  return { config: deepFreeze(result.config), env: Object.freeze(env) }
}

function mergeDotenv(env: EnvMap, dotenvPath: string | false): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = { ...env }
  if (dotenvPath === false || !existsSync(dotenvPath)) return merged
  let fromFile: Record<string, string>
  try {
    fromFile = parseDotenv(readFileSync(dotenvPath))
  } catch (error) {
    throw new UsageError(
      dotenvPath,
      `cannot read the dotenv file: ${(error as Error).message}`,
      'fix its permissions, or remove it',
    )
  }
  for (const [key, value] of Object.entries(fromFile)) {
    if (merged[key] === undefined) merged[key] = value
  }
  return merged
}

/**
 * A wallet key (or keystore password) taken from a dotenv file that others may read is refused,
 * as a keypair file is (safety P-5.4): the file must be mode 0600. Variables the environment
 * already sets do not come from the file and are not its concern.
 * @throws UsageError naming the file, the variable (never its value) and the chmod.
 */
function refuseOpenDotenvKeys(config: FerryConfig, processEnv: EnvMap, dotenvPath: string): void {
  const names = [
    config.wallets.evm?.privateKeyEnv,
    config.wallets.evm?.passwordEnv,
    config.wallets.solana?.secretKeyEnv,
  ].filter((n): n is string => n !== undefined && processEnv[n] === undefined)
  if (names.length === 0 || !existsSync(dotenvPath)) return
  const mode = statSync(dotenvPath).mode & 0o777
  if ((mode & 0o077) === 0) return
  const fromFile = parseDotenv(readFileSync(dotenvPath))
  const held = names.filter((n) => fromFile[n] !== undefined)
  if (held.length === 0) return
  throw new UsageError(
    dotenvPath,
    `holds ${held.join(', ')} and others may read it (mode ${mode.toString(8)})`,
    `chmod 600 ${dotenvPath}`,
  )
}
