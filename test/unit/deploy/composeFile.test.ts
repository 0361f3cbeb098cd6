import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { ferryConfigSchema } from '../../../src/settings/ferryConfigSchema.ts'
import { parseFerryConfig } from '../../../src/settings/parseFerryConfig.ts'

const read = (path: string): string =>
  readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8')

type Service = {
  image?: string
  build?: { context: string; dockerfile: string }
  command?: string[]
  restart?: string
  hostname?: string
  environment?: Record<string, string>
  volumes?: string[]
  depends_on?: Record<string, { condition: string }>
  healthcheck?: { test: string[] }
}
type ScrapeConfig = { static_configs: { targets: string[] }[] }

const composeText = read('deploy/compose.yaml')
// Compose merges `<<: *anchor` keys; the yaml package does so with `merge: true`.
const compose = parseYaml(composeText, { merge: true }) as {
  services: Record<string, Service>
  volumes: Record<string, unknown>
}
const configText = read('deploy/ferry.cluster.yaml')
const prometheus = parseYaml(read('deploy/prometheus.yml')) as { scrape_configs: ScrapeConfig[] }
const envExample = read('deploy/.env.example')

/** Compose's own interpolation (`${VAR}`, `${VAR:?message}`, `${VAR:-default}`), from `env`. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?[?-][^}]*)?\}/g, (_m, name: string) => {
    const value = env[name]
    if (value === undefined) throw new Error(`${name} is not in the test's environment`)
    return value
  })
}

const ferryServices = Object.entries(compose.services).filter(([, s]) => s.command?.[0] === 'run')
const configPath = (s: Service): string | undefined => s.command?.[1]
const CANARY = 'canary-password-7c1f'

describe('deploy/compose.yaml', () => {
  test('behavior: three ferry instances share one config file, mounted read-only', () => {
    expect(ferryServices.map(([name]) => name)).toEqual(['ferry-1', 'ferry-2', 'ferry-3'])
    const mounts = ferryServices.map(([, s]) =>
      s.volumes?.find((v) => v.endsWith(`:${configPath(s)}:ro`)),
    )
    expect(new Set(mounts)).toEqual(new Set(['./ferry.cluster.yaml:/config/ferry.yaml:ro']))
    for (const [name, s] of ferryServices) {
      expect(s.build, name).toEqual({ context: '..', dockerfile: 'Dockerfile' })
      expect(s.restart, name).toBe('unless-stopped')
      expect(s.depends_on?.postgres, name).toEqual({ condition: 'service_healthy' })
      expect(s.depends_on?.devnet, name).toEqual({ condition: 'service_healthy' })
    }
  })

  test('behavior: every instance has one FERRY_JOURNAL_URL, on host postgres, password from the env', () => {
    const urls = ferryServices.map(([, s]) => s.environment?.FERRY_JOURNAL_URL)
    expect(new Set(urls).size).toBe(1)
    const url = new URL(interpolate(urls[0] as string, { POSTGRES_PASSWORD: CANARY }))
    expect(url.protocol).toBe('postgres:')
    expect(url.hostname).toBe('postgres')
    expect(url.port).toBe('5432')
    // The password in the URL is the variable's value: nothing else is written there.
    expect(url.password).toBe(CANARY)
    expect(url.pathname).toBe(`/${compose.services.postgres?.environment?.POSTGRES_DB}`)
    expect(url.username).toBe(compose.services.postgres?.environment?.POSTGRES_USER)
  })

  test('behavior: postgres:18 on a volume, ready by pg_isready, its password only from the env', () => {
    const pg = compose.services.postgres as Service
    expect(pg.image).toBe('postgres:18')
    const volume = pg.volumes?.[0]?.split(':')[0] as string
    expect(Object.keys(compose.volumes)).toContain(volume)
    expect(pg.healthcheck?.test.join(' ')).toContain('pg_isready')
    expect(pg.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?[^}]+\}$/)
  })

  test('behavior: no secret is written inline; each comes from deploy/.env, which .env.example lists', () => {
    const secretish = /PASSWORD|SECRET|PRIVATE_KEY|TOKEN/
    const environments = Object.values(compose.services).flatMap((s) =>
      Object.entries(s.environment ?? {}),
    )
    const secrets = environments.filter(([key]) => secretish.test(key))
    expect(secrets.length).toBeGreaterThan(2)
    for (const [key, value] of secrets) {
      // Exactly one `${VAR:?…}`: compose refuses to start without it, and nothing is inline.
      expect(value, key).toMatch(/^\$\{[A-Z_]+:\?[^}]+\}$/)
    }
    // No key material anywhere in the file: no 32-byte hex, no long base58 run.
    expect(composeText).not.toMatch(/(0x)?[0-9a-fA-F]{64}/)
    expect(composeText).not.toMatch(/[1-9A-HJ-NP-Za-km-z]{43,}/)
    const uncommented = composeText.replace(/^\s*#.*$/gm, '')
    const required = [...uncommented.matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1] as string)
    expect(required).toContain('POSTGRES_PASSWORD')
    const listed = new Set([...envExample.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]))
    expect(required.filter((name) => !listed.has(name))).toEqual([])
  })

  test('behavior: each instance has its own observe port, and prometheus.yml scrapes each', () => {
    const ports = ferryServices.map(([, s]) => s.environment?.FERRY_METRICS_PORT)
    expect(new Set(ports).size).toBe(3)
    const targets = new Set(
      prometheus.scrape_configs.flatMap((c) => c.static_configs.flatMap((sc) => sc.targets)),
    )
    for (const [name, s] of ferryServices) {
      const port = s.environment?.FERRY_METRICS_PORT
      expect(targets.has(`${name}:${port}`), `${name}:${port}`).toBe(true)
      expect(s.environment?.FERRY_HEALTH_URL, name).toBe(`http://127.0.0.1:${port}/health`)
    }
  })

  test('behavior: the devnet runs as its own service from the same image, and grafana gets both dashboards', () => {
    const devnet = compose.services.devnet as Service
    expect(devnet.command?.[0]).toBe('devnet')
    expect(devnet.image).toBe(ferryServices[0]?.[1].image)
    expect(devnet.healthcheck?.test.join(' ')).toContain('8787')
    const grafanaMounts = compose.services.grafana?.volumes ?? []
    expect(grafanaMounts.some((v) => v.startsWith('../observe/grafana-dashboard.json:'))).toBe(true)
    expect(
      grafanaMounts.some((v) => v.startsWith('./grafana/dashboards/ferry-cluster.json:')),
    ).toBe(true)
  })
})

describe('deploy/ferry.cluster.yaml', () => {
  const env = {
    FERRY_JOURNAL_URL: `postgres://ferry:${CANARY}@postgres:5432/ferry`,
    FERRY_METRICS_PORT: '9464',
  }
  const doc = parseYaml(configText) as Record<string, unknown>

  test('behavior: the journal URL and the cluster lease TTL are set as the cluster mode names them', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's env syntax, not a JS template
    expect(doc.journal).toEqual({ url: '${FERRY_JOURNAL_URL}' })
    expect(doc.cluster).toMatchObject({ leaseTtlMs: 10_000 })
  })

  test("behavior: it parses with ferry's config loader (journal and cluster once the schema has them)", () => {
    // Until the cluster mode's keys are in ferryConfigSchema, they are the only problems, and
    // the rest of the file is checked without them.
    const knowsCluster =
      'journal' in ferryConfigSchema.shape && 'cluster' in ferryConfigSchema.shape
    const full = parseFerryConfig(configText, env)
    if (knowsCluster) expect(full).toMatchObject({ ok: true })
    else {
      expect(full.ok).toBe(false)
      const paths = full.ok ? [] : full.problems.map((p) => p.path)
      expect(paths.sort()).toEqual(['cluster', 'journal'])
    }
    const { journal: _j, cluster: _c, ...rest } = doc
    const parsed = parseFerryConfig(JSON.stringify(rest), env)
    if (!parsed.ok) expect.fail(JSON.stringify(parsed.problems))
    expect(parsed.config.observe.metricsPort).toBe(9464)
    expect(parsed.config.observe.metricsHost).toBe('0.0.0.0')
    expect(parsed.config.risk.killSwitchFile.startsWith('/data/')).toBe(true)
  })

  test('behavior: a devnet config, so compose runs it --live; every URL points at the devnet service', () => {
    const parsed = parseFerryConfig(
      JSON.stringify({ ...doc, journal: undefined, cluster: undefined }),
      env,
    )
    if (!parsed.ok) expect.fail(JSON.stringify(parsed.problems))
    const urls = [
      parsed.config.service.apiUrl,
      parsed.config.service.statsUrl,
      ...Object.values(parsed.config.chains).flatMap((c) => c.rpcUrls),
    ]
    expect(urls.map((u) => new URL(u as string).hostname)).toEqual(urls.map(() => 'devnet'))
    expect(parsed.config.mode).toBe('live')
    for (const [name, s] of ferryServices) expect(s.command, name).toContain('--live')
  })
})

describe('deploy/grafana/dashboards/ferry-cluster.json', () => {
  const dashboard = JSON.parse(read('deploy/grafana/dashboards/ferry-cluster.json')) as {
    uid: string
    panels: { id: number; type: string; targets?: { expr: string }[] }[]
  }
  const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr))

  test('behavior: its panels query the cluster metrics only, with unique panel ids', () => {
    const cluster = new Set([
      'ferry_wallet_lease_held',
      'ferry_wallet_lease_changes_total',
      'ferry_wallet_lease_token',
      'ferry_cluster_instances',
    ])
    const used = new Set(exprs.flatMap((e) => e.match(/\bferry_[a-z0-9_]+/g) ?? []))
    expect(used).toEqual(cluster)
    const ids = dashboard.panels.map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(dashboard.uid).toBe('ferry-cluster')
  })
})
