import { runCli } from './runCli.ts'

// The binary's entry: run, then let stdout drain before leaving, since the queues' timers must not
// keep the process alive.
const code = await runCli(process.argv.slice(2))
process.stdout.write('', () => process.exit(code))
