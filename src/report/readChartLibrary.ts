import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { ChartLibrary } from './renderReportHtml.ts'

/**
 * Reads Chart.js's minified UMD build from node_modules at report time, so the report carries
 * the library inside it (no CDN, nothing to fetch when it is opened). The package's exports map
 * does not expose `dist/`, so the build is found beside the entry point npm resolves.
 */
export function readChartLibrary(): ChartLibrary {
  const require = createRequire(import.meta.url)
  const distDir = dirname(require.resolve('chart.js'))
  const source = readFileSync(join(distDir, 'chart.umd.min.js'), 'utf8')
  const { version } = JSON.parse(readFileSync(join(distDir, '..', 'package.json'), 'utf8')) as {
    version: string
  }
  return { source, name: `Chart.js ${version}` }
}
