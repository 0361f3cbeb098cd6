#!/usr/bin/env node
// Runs one anvil and dies with its parent. The parent holds our stdin open and never writes to it;
// when the parent exits for any reason, SIGKILL included, the pipe closes and we stop anvil. This
// needs no polling and leaves no orphan (test/integration/devnet/noOrphans.test.ts).
import { spawn } from 'node:child_process'

const [binary, ...args] = process.argv.slice(2)
const anvil = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] })
anvil.stdout.pipe(process.stdout)
anvil.stderr.pipe(process.stderr)

let stopping = false
function stop() {
  if (stopping) return
  stopping = true
  anvil.kill('SIGTERM')
  // anvil stops at once on SIGTERM; the kill below is for a wedged process only.
  setTimeout(() => anvil.kill('SIGKILL'), 2000).unref()
}

anvil.on('exit', (code, signal) => process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0))))
process.stdin.on('end', stop)
process.stdin.on('close', stop)
process.stdin.resume()
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.on('SIGHUP', stop)
