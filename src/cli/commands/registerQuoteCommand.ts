import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parseIntegerOption, parseJsonOption, parseNumberOption } from '../optionParsers.ts'
import { QUOTE_FLAGS, type QuoteFlagKind } from './quoteFlags.ts'

const PARSERS: Partial<Record<QuoteFlagKind, (v: string) => unknown>> = {
  integer: parseIntegerOption,
  number: parseNumberOption,
  json: parseJsonOption,
}

/** Registers `ferry quote` (flags, help); its action, quoteCommand.ts, loads when it runs. */
export function registerQuoteCommand(program: Command): void {
  const command = program
    .command('quote')
    .description('quote a cross-chain order through create-tx (docs/service.md §4.4)')
  for (const [flag, , kind, help] of QUOTE_FLAGS) {
    const parser = PARSERS[kind]
    // The five parameters create-tx cannot do without are required flags, so a missing one is
    // reported by its flag name (exit 2) rather than by its parameter name.
    const required = help.endsWith('(required)')
    if (parser && required) command.requiredOption(flag, help, parser)
    else if (parser) command.option(flag, help, parser)
    else if (required) command.requiredOption(flag, help)
    else command.option(flag, help)
  }
  command.action(lazyAction(async () => (await import('./quoteCommand.ts')).quoteCommand))
}
