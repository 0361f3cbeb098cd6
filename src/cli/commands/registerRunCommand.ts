import type { Command } from 'commander'
import { lazyAction } from '../lazyAction.ts'
import { parsePositiveIntegerOption } from '../optionParsers.ts'

/** Registers `ferry run` (flags, help); its action, runCommand.ts, loads when it runs. */
export function registerRunCommand(program: Command): void {
  program
    .command('run')
    .description('run the strategies of a config file (the demo: config/demo.yaml)')
    .addHelpText(
      'after',
      '\nOutput: on a terminal, a live view (one line per event, and a spinner line while orders\n' +
        'are in flight); with --json, or when stdout is not a terminal (a pipe, a file, a\n' +
        'container log), one JSON event per line.\n' +
        '\nRefusals come in two classes (docs/safety.md):\n' +
        '  integrity  the service answered a payload that is not what ferry asked for: nothing is\n' +
        '             signed, the terminal line says "refused", the verificationRefused alert\n' +
        '             goes out, and it counts toward the kill switch (risk.autoKill).\n' +
        '  economics  the market moved (output below the minimum, a stale trusted price, a risk\n' +
        '             limit at its last check before signing): nothing is signed, the terminal\n' +
        '             line says "failed … (economics)" (JSON: "economics": true), the marketMoved\n' +
        '             alert goes out, and it never counts toward the kill switch.\n' +
        'A price feed that is not there (no contract, a revert, no round) is neither: the line says\n' +
        '"failed … configuration: price feed …" (JSON: "config": true), naming the feed and the\n' +
        'token it prices; the configFailure alert goes out; no kill switch, no route cooldown.\n' +
        "ferry history and ferry status show each intent's end and reason.\n" +
        '\nFailing ticks: a tick fails when every strategy that ran in it failed (balances not read,\n' +
        'a quote failed, the tick deadline passed). After --max-failed-ticks of them in a row (and\n' +
        'with --ticks N, when every tick failed) the run stops with exit code 1.\n' +
        '\nStopping: the first Ctrl-C (or SIGTERM) aborts pending service and RPC calls at once, lets\n' +
        'sends under way reach the journal, and exits within 2 s, naming what is still in flight;\n' +
        'the next ferry run on the same journal reconciles it. A second Ctrl-C exits at once: the\n' +
        'journal holds every send before it is broadcast, so the restart reconciles that too.',
    )
    .argument('<config>', 'a ferry YAML config file')
    .option('--live', 'send transactions on real networks (the config must say mode: live too)')
    .option('--once', 'run one tick, then wait for its orders and exit')
    .option(
      '--ticks <n>',
      'run N ticks (N ≥ 1), then wait for the orders in flight and exit',
      parsePositiveIntegerOption,
    )
    .option(
      '--max-failed-ticks <n>',
      'stop with exit code 1 after N failed ticks in a row (default 5)',
      parsePositiveIntegerOption,
    )
    .option(
      '--tick-deadline-ms <ms>',
      "bound on a tick's reads (balances, quotes); past it they are aborted and the tick fails (default 30000)",
      parsePositiveIntegerOption,
    )
    .option(
      '--journal <path|url>',
      'the journal: a file or a postgres:// URL (default: FERRY_JOURNAL_URL, journal.url, else the file next to the config; a fresh one for the embedded world)',
    )
    .option(
      '--create',
      "create the journal's folder when it is missing (without it, a new journal is created only in a folder that exists)",
    )
    .action(lazyAction(async () => (await import('./runCommand.ts')).runCommand))
}
