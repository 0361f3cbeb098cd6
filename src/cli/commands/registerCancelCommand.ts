import { type Command, InvalidArgumentError } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parseIntegerOption } from '../optionParsers.ts'

/** Registers `ferry cancel` (flags, help); its action, cancelCommand.ts, loads when it runs. */
export function registerCancelCommand(program: Command): void {
  program
    .command('cancel')
    .description('cancel an unfilled order on its destination chain and follow the refund')
    .argument('<orderId>', 'the order to cancel (0x and 64 hex digits, as ferry history shows it)')
    .option(
      '--journal <path|url>',
      'the journal: a file or a postgres:// URL (else FERRY_JOURNAL_URL, journal.url, FERRY_JOURNAL, else ferry.journal.sqlite next to the config)',
    )
    .option('--live', 'send the cancel (the config must say mode: live too)')
    .option('--no-wait', 'stop once the cancel is mined; do not wait for the refund')
    .option('--wait-ms <ms>', 'how long to wait for the refund', parseIntegerOption, 600_000)
    .option(
      '--messaging-fee-wei <wei>',
      'messaging fee the cancel pays (default: the gate fee read on the destination chain)',
      parseWei,
    )
    .option('--execution-fee-wei <wei>', 'reward of the claim keeper (default 0)', parseWei)
    .option(
      '--max-value-wei <wei>',
      "most value the cancel may carry (default twice the gate's fixed fee read on chain, plus the execution fee)",
      parseWei,
    )
    .action(lazyAction(async () => (await import('./cancelCommand.ts')).cancelCommand))
}

function parseWei(value: string): bigint {
  if (!/^(0|[1-9][0-9]*)$/.test(value)) {
    throw new InvalidArgumentError('expected a non-negative integer amount in wei')
  }
  return BigInt(value)
}
