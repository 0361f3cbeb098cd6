// The container's health check. With FERRY_HEALTH_URL set (ferry's /health, e.g.
// http://127.0.0.1:9464/health with observe.metricsPort: 9464), healthy means that URL answers
// 200 within 5 s: the loop ticked recently. Without it, healthy means Node starts and ferry's
// native module (the journal's SQLite) loads.
const url = process.env.FERRY_HEALTH_URL
if (url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) })
    const body = await res.text()
    if (!res.ok) console.error(`unhealthy: ${res.status} ${body.slice(0, 200)}`)
    process.exit(res.ok ? 0 : 1)
  } catch (error) {
    console.error(`unhealthy: ${error.message}`)
    process.exit(1)
  }
} else {
  await import('better-sqlite3')
  process.exit(0)
}
