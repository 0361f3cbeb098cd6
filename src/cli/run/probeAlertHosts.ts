import { lookup } from 'node:dns/promises'
import type { ConfigProblem } from '../../settings/ConfigError.ts'
import type { ResolvedAlertDestination } from '../../settings/resolveAlertDestinations.ts'

/**
 * Resolves the host of each alert destination's URL (no request is sent: a probe must not
 * alert anyone). A name that does not resolve is a problem naming the destination by its env
 * variable, never the URL (Slack and Telegram URLs hold tokens).
 */
export async function probeAlertHosts(
  destinations: readonly ResolvedAlertDestination[],
  timeoutMs: number,
): Promise<{ works: string[]; problems: ConfigProblem[] }> {
  const works: string[] = []
  const problems: ConfigProblem[] = []
  await Promise.all(
    destinations.map(async (d) => {
      const host = new URL(d.url).hostname
      const path = d.name === 'observe.webhookUrl' ? d.name : `observe.alerts (${d.name})`
      try {
        await Promise.race([
          lookup(host),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('no answer in time')), timeoutMs).unref(),
          ),
        ])
        works.push(`${path}: the ${d.format} destination's host resolves`)
      } catch (error) {
        problems.push({
          path,
          problem: `the host of the ${d.format} URL in ${d.name} does not resolve (${(error as { code?: string }).code ?? (error as Error).message})`,
          fix: `check the URL in ${d.name} and this host's DNS`,
        })
      }
    }),
  )
  return { works, problems }
}
