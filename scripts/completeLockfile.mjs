#!/usr/bin/env node
// Adds lock entries for optional platform packages the registry mirror of this workplace does
// not serve (e.g. @biomejs/cli-darwin-arm64). npm install then leaves them out of the lock, and
// `npm ci` refuses the lock as out of sync. Each stub is marked optional with its os/cpu/libc, so
// npm ci skips it on this platform without fetching it. Run after every `npm install`:
//   node scripts/completeLockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs'

const path = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(path, 'utf8'))
const packages = lock.packages

/** os, cpu and libc of a platform package, read from its name. */
function platformOf(name) {
  const n = name.toLowerCase()
  const os =
    ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'sunos', 'aix'].find((o) =>
      n.includes(o === 'win32' ? 'win32' : o),
    ) ?? (n.includes('windows') ? 'win32' : undefined)
  const cpu =
    n.includes('arm64') || n.includes('aarch64')
      ? 'arm64'
      : n.includes('x64') || n.includes('amd64') || n.includes('x86_64')
        ? 'x64'
        : n.includes('ia32')
          ? 'ia32'
          : n.includes('arm')
            ? 'arm'
            : undefined
  const libc = n.includes('musl') ? 'musl' : n.includes('gnu') ? 'glibc' : undefined
  return { os, cpu, libc }
}

let added = 0
for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const parentDir = key === '' ? '' : `${key}/`
    const candidates = [`${parentDir}node_modules/${dep}`, `node_modules/${dep}`]
    if (candidates.some((c) => packages[c])) continue
    const { os, cpu, libc } = platformOf(dep)
    if (!os || !cpu) continue
    packages[`node_modules/${dep}`] = {
      version: version.replace(/^[\^~]/, ''),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
    }
    added++
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
process.stdout.write(`completeLockfile: ${added} platform stub(s) added\n`)
