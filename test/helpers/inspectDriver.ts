// A stand-in for bin/ferry.js until main.ts registers `inspect`: the same global options and the
// same exit-code mapping as runCli (0 ok, 1 failure, 2 usage), with only the inspect command.
import { Command, CommanderError } from 'commander'
import { registerInspectCommand } from '../../src/cli/commands/inspectCommand.ts'
import { FerryError } from '../../src/shared/FerryError.ts'
import { UsageError } from '../../src/shared/UsageError.ts'

const program = new Command('ferry')
  .option('--json', 'print validated JSON to stdout instead of the summary')
  .exitOverride()
registerInspectCommand(program)
for (const command of program.commands) command.exitOverride()

let code = 0
try {
  await program.parseAsync(process.argv.slice(2), { from: 'user' })
} catch (error) {
  if (error instanceof CommanderError) code = error.exitCode === 0 ? 0 : 2
  else if (error instanceof UsageError) {
    process.stderr.write(`ferry: ${error.shortMessage}\n`)
    code = 2
  } else {
    process.stderr.write(
      `ferry: ${error instanceof FerryError ? error.shortMessage : String(error)}\n`,
    )
    code = 1
  }
}
process.stdout.write('', () => process.exit(code))
