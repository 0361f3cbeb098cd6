import { type Command, InvalidArgumentError } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parseIntegerOption } from '../optionParsers.ts'

/** Registers `ferry inspect` (flags, help); its action, inspectCommand.ts, loads when it runs. */
export function registerInspectCommand(program: Command): void {
  program
    .command('inspect')
    .description(
      'decode an order transaction, its orderId and the verifier checks (offline but --rpc)',
    )
    .option('--chain <id>', 'source chain id of an EVM transaction', parseIntegerOption)
    .option('--to <address>', 'the transaction target (tx.to)')
    .option('--data <hex>', 'the calldata (tx.data)')
    .option('--value <wei>', 'tx.value in wei (else the value check is skipped)', parseBaseUnits)
    .option('--from <sender>', 'the sender, i.e. the maker (default: givePatchAuthoritySrc)')
    .option(
      '--transfer-fee-bps <n>',
      'the chain’s globalTransferFeeBps (default 4)',
      parseIntegerOption,
    )
    .option(
      '--fixed-fee <baseUnits>',
      'the chain’s fixed fee (default: the registry’s)',
      parseBaseUnits,
    )
    .option('--master-nonce <n>', 'the maker nonce, for the deprecated createOrder', parseBaseUnits)
    .option('--order-id <hex>', 'the orderId the service announced, to compare')
    .option('--intent <file.json>', 'an OrderIntent to hold every field against')
    .option('--solana-tx <hex>', 'a serialized Solana VersionedTransaction (hex)')
    .option('--max-priority-fee <lamports>', 'Solana: priority fee cap', parseBaseUnits)
    .option('--rpc <url>', 'Solana: an RPC to read the address lookup tables the transaction uses')
    .action(lazyAction(async () => (await import('./inspectCommand.ts')).inspectCommand))
}

function parseBaseUnits(value: string): bigint {
  if (!/^(0|[1-9][0-9]*)$/.test(value)) throw new InvalidArgumentError('expected base units')
  return BigInt(value)
}
