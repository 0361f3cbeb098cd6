// A stand-in for bin/ferry.js until main.ts registers `history`, `status` and `kill`: the same
// global options and the same exit-code mapping as runCli (0 ok, 1 failure, 2 usage), with only
// those commands.
import { Command, CommanderError } from 'commander'
import { registerHistoryCommand } from '../../src/cli/commands/historyCommand.ts'
import { registerKillCommand } from '../../src/cli/commands/killCommand.ts'
import { registerStatusCommand } from '../../src/cli/commands/statusCommand.ts'
import { FerryError } from '../../src/shared/FerryError.ts'
import { UsageError } from '../../src/shared/UsageError.ts'

const program = new Command('ferry')
  .option('--config <file>', 'a ferry YAML config file')
  .option('--json', 'print validated JSON to stdout instead of the summary')
  .exitOverride()
registerHistoryCommand(program)
registerStatusCommand(program)
registerKillCommand(program)
for (const command of program.commands) command.exitOverride()

let code = 0
try {
  await program.parseAsync(process.argv.slice(2), { from: 'user' })
} catch (error) {
  if (error instanceof CommanderError) code = error.exitCode === 0 ? 0 : 2
  else if (error instanceof UsageError) {
    const fix = error.metaMessages.find((m) => m.startsWith('fix: '))
    process.stderr.write(`ferry: ${error.shortMessage}${fix ? ` (${fix})` : ''}\n`)
    code = 2
  } else {
    process.stderr.write(
      `ferry: ${error instanceof FerryError ? error.shortMessage : String(error)}\n`,
    )
    code = 1
  }
}
process.stdout.write('', () => process.exit(code))
