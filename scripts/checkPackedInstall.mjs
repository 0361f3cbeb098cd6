#!/usr/bin/env node
// Simulates the image's install without Docker: packs ferry (npm pack, which builds dist/ and the
// contracts through prepare), installs the tarball with --omit=dev into an empty folder (from the
// registry, so it takes a minute or two), then runs the installed ferry, which has no tsx and no
// esbuild: --help, config check of the demo config, and (unless --quick) a two-tick run of the
// embedded demo, whose devnet starts anvil and the Solana child from the compiled code.
//   node scripts/checkPackedInstall.mjs [--quick] [--keep]
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const quick = process.argv.includes('--quick')
const keep = process.argv.includes('--keep')
const work = mkdtempSync(join(tmpdir(), 'ferry-packed-'))
const problems = []

/** Runs a command; returns its output, or exits naming it when it fails. */
function run(what, command, args, options = {}) {
  const t0 = performance.now()
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options })
  const s = ((performance.now() - t0) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`FAIL ${what} (exit ${result.status}, ${s} s)\n${result.stderr?.slice(-3000)}`)
    process.exit(1)
  }
  console.log(`ok   ${what} (${s} s)`)
  return result.stdout ?? ''
}

function check(ok, problem) {
  if (!ok) problems.push(problem)
}

try {
  run(
    'npm pack (prepare builds dist/ and the contracts)',
    'npm',
    ['pack', '--silent', '--pack-destination', work],
    { cwd: ROOT },
  )
  const tarball = join(
    work,
    readdirSync(work).find((f) => f.endsWith('.tgz')),
  )
  const entries = run('list the tarball', 'tar', ['-tzf', tarball]).split('\n')
  for (const file of [
    'package/bin/ferry.js',
    'package/dist/src/cli/main.js',
    'package/dist/src/devnet/solana/solanaDevnetMain.js',
    'package/src/devnet/anvilSupervisor.mjs',
    'package/src/devnet/contracts/artifacts/manifest.json',
    'package/config/demo.yaml',
  ])
    check(entries.includes(file), `the tarball lacks ${file}`)
  check(
    !entries.some((e) => e.endsWith('.ts')),
    `the tarball ships TypeScript: ${entries.filter((e) => e.endsWith('.ts')).join(', ')}`,
  )

  const app = join(work, 'app')
  mkdirSync(app)
  writeFileSync(join(app, 'package.json'), '{ "name": "ferry-packed-check", "private": true }\n')
  run(
    'npm install --omit=dev <tarball>',
    'npm',
    ['install', '--omit=dev', '--no-audit', '--no-fund', tarball],
    { cwd: app },
  )
  for (const dev of ['tsx', 'esbuild'])
    check(!existsSync(join(app, 'node_modules', dev)), `node_modules/${dev} was installed`)

  const ferry = join(app, 'node_modules', '.bin', 'ferry')
  const help = run('ferry --help', ferry, ['--help'], { cwd: app })
  check(help.startsWith('Usage: ferry'), `ferry --help printed: ${help.slice(0, 200)}`)
  copyFileSync(join(ROOT, 'config', 'demo.yaml'), join(app, 'demo.yaml'))
  const valid = run('ferry config check demo.yaml', ferry, ['config', 'check', 'demo.yaml'], {
    cwd: app,
  })
  check(valid.startsWith('demo.yaml: valid'), `ferry config check printed: ${valid.slice(0, 200)}`)
  if (!quick) {
    const out = run(
      'ferry run demo.yaml --ticks 2 --json',
      ferry,
      ['run', 'demo.yaml', '--ticks', '2', '--json'],
      {
        cwd: app,
        timeout: 120_000,
      },
    )
    const events = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
    const filledOn = new Set(events.filter((e) => e.type === 'filled').map((e) => e.chainId))
    // The demo's Solana sweep fills on an EVM chain; its order proves the Solana child ran.
    const sent = new Set(events.filter((e) => e.type === 'sent').map((e) => e.chainId))
    check(sent.has(7565164), 'no order was sent on Solana: the Solana child did not run')
    check(filledOn.size > 0, 'no order was filled')
  }
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true })
  else console.log(`kept ${work}`)
}

if (problems.length > 0) {
  for (const p of problems) console.error(`FAIL ${p}`)
  process.exit(1)
}
console.log('packed install: ferry runs from dist/ without tsx or esbuild')
