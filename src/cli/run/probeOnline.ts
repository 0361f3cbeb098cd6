import { FerryError } from '../../common/FerryError.ts'
import { UsageError } from '../../common/UsageError.ts'
import type { ConfigProblem } from '../../settings/ConfigError.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { resolveAlertDestinations } from '../../settings/resolveAlertDestinations.ts'
import type { EnvMap } from '../../settings/substituteEnv.ts'
import { resolveEvmKeySource } from '../resolveEvmKeySource.ts'
import { probeAlertHosts } from './probeAlertHosts.ts'
import { probeJournalDatabase } from './probeJournalDatabase.ts'
import { probePriceFeeds } from './probePriceFeeds.ts'
import { probeRpcChains } from './probeRpcChains.ts'
import { probeServiceApi } from './probeServiceApi.ts'

/** Inputs of {@link probeOnline}. */
export type ProbeOnlineParams = {
  config: DeepReadonly<FerryConfig>
  env: EnvMap
  configPath: string
  /** Bound of each probe, ms. Default 5 000. */
  timeoutMs?: number
}

/** What the probes found: one line per thing that works, one problem per thing that does not. */
export type OnlineProbe = { works: string[]; problems: ConfigProblem[] }

/**
 * `ferry config check --online`: what the offline checks cannot know, probing what `ferry run`
 * will use. The service answers the API ferry calls with a JSON body (probeServiceApi); each RPC
 * answers with the chain id its key in `chains` says (EVM `eth_chainId`; Solana answers
 * `getGenesisHash`); each configured key derives to its wallet's address; every price feed
 * answers a fresh price (probePriceFeeds); the PostgreSQL journal (`FERRY_JOURNAL_URL`, else
 * `journal.url`) holds a ferry journal or can hold one (probeJournalDatabase); each alert
 * destination's host resolves (probeAlertHosts). URLs are shown by host only, since paths and
 * queries can carry tokens; keys are never shown.
 */
export async function probeOnline(params: ProbeOnlineParams): Promise<OnlineProbe> {
  const { config } = params
  const timeoutMs = params.timeoutMs ?? 5_000
  const works: string[] = []
  const problems: ConfigProblem[] = []
  const services = [
    ['service.apiUrl', config.service.apiUrl, 'orders'],
    ['service.statsUrl', config.service.statsUrl, 'stats'],
  ] as const
  for (const [path, url, api] of services) {
    if (url === undefined || url === 'embedded') continue
    const pathPrefix = config.service.pathPrefix
    const found = await probeServiceApi({ path, url, api, pathPrefix, timeoutMs })
    if ('works' in found) works.push(found.works)
    else problems.push(found.problem)
  }
  const rpcs = await probeRpcChains(config, timeoutMs)
  works.push(...rpcs.works)
  problems.push(...rpcs.problems)
  await probeKeys(params, works, problems)
  const feeds = await probePriceFeeds(config, timeoutMs)
  works.push(...feeds.works)
  problems.push(...feeds.problems)
  const journalUrl = params.env.FERRY_JOURNAL_URL ?? config.journal?.url
  if (journalUrl !== undefined) {
    const path = params.env.FERRY_JOURNAL_URL === undefined ? 'journal.url' : 'FERRY_JOURNAL_URL'
    const journal = await probeJournalDatabase(path, journalUrl, timeoutMs)
    if ('works' in journal) works.push(journal.works)
    else problems.push(journal.problem)
  }
  const alerts = await probeAlertHosts(
    resolveAlertDestinations(config.observe, params.env, params.configPath),
    timeoutMs,
  )
  works.push(...alerts.works)
  problems.push(...alerts.problems)
  return { works, problems }
}

async function probeKeys(
  params: ProbeOnlineParams,
  works: string[],
  problems: ConfigProblem[],
): Promise<void> {
  const { config, env, configPath } = params
  const evm = config.wallets.evm
  if (evm) {
    try {
      const { source } = resolveEvmKeySource(evm, env, configPath)
      if ('remote' in source) {
        const { checkRemoteSigner } = await import('../../chains/evm/checkRemoteSigner.ts')
        await checkRemoteSigner(source.remote)
        works.push(`wallets.evm: the remote signer signs for ${evm.address}`)
      } else {
        const { createEvmSigner } = await import('../../chains/evm/createEvmSigner.ts')
        createEvmSigner(source, evm.address)
        works.push(`wallets.evm: the key derives to ${evm.address}`)
      }
    } catch (error) {
      keyProblem('wallets.evm', error, config.mode, works, problems)
    }
  }
  const solana = config.wallets.solana
  if (solana) {
    try {
      const { resolveSolanaSecretKey } = await import('../resolveSolanaSecretKey.ts')
      resolveSolanaSecretKey(solana, env, configPath)
      works.push(`wallets.solana: the key derives to ${solana.address}`)
    } catch (error) {
      keyProblem('wallets.solana', error, config.mode, works, problems)
    }
  }
}

function keyProblem(
  path: string,
  error: unknown,
  mode: string,
  works: string[],
  problems: ConfigProblem[],
): void {
  if (!(error instanceof FerryError)) throw error
  const unset = error instanceof UsageError && /not set/.test(error.shortMessage)
  if (unset && mode !== 'live') {
    works.push(`${path}: no key set (a dry run needs none)`)
    return
  }
  const fix = error.metaMessages.find((m) => m.startsWith('fix: '))?.slice(5)
  const detail = error.metaMessages.filter((m) => !m.startsWith('fix: ')).join(', ')
  problems.push({
    path,
    problem: detail ? `${error.shortMessage} (${detail})` : error.shortMessage,
    fix: fix ?? 'give the key of the configured address',
  })
}
