import type { Command } from 'commander'
import {
  ANVIL_MNEMONIC,
  devnetEvmAccount,
  devnetSolanaKeypair,
} from '../../devnet/devnetAccounts.ts'
import { startDevnet } from '../../devnet/startDevnet.ts'
import { createLogger } from '../../observe/createLogger.ts'
import { checkDevnetPorts } from '../checkDevnetPorts.ts'
import { formatDevnetListenNotice } from '../format/formatDevnetListenNotice.ts'
import { formatSolanaDemoKey } from '../format/formatSolanaDemoKey.ts'
import { parseIntegerOption } from '../optionParsers.ts'

type DevnetOptions = {
  chains: string
  solana: boolean
  safe?: boolean
  seed: number
  simPort: number
  host: string
  evmPorts?: number[]
  fillDelayMs: number
  logLevel?: string
}

/**
 * Runs `ferry devnet`: starts the embedded world (anvil chains with the DLN contracts at
 * their canonical addresses, the Solana devnet, the simulator wired to them and the solver),
 * funds the demo wallets, prints every URL, address and key, and runs until SIGINT/SIGTERM.
 * `--host` (default 127.0.0.1) is where the simulator and every anvil listen, `--evm-ports` (default
 * free ports) their RPC ports; the printed URLs are the ones that work from this machine.
 */
export async function devnetCommand(_o: unknown, command: Command): Promise<void> {
  const options = command.optsWithGlobals<DevnetOptions>()
  const chainIds = options.chains.split(',').map((c) => parseIntegerOption(c.trim()))
  checkDevnetPorts(chainIds, options.evmPorts, options.simPort)
  const logger = createLogger({ level: options.logLevel ?? 'warn' })
  const devnet = await startDevnet({
    evmChainIds: chainIds,
    solana: options.solana,
    seed: options.seed,
    simPort: options.simPort,
    host: options.host,
    ...(options.evmPorts ? { evmPorts: options.evmPorts } : {}),
    fillDelayMs: options.fillDelayMs,
    safe: options.safe === true,
    logger,
  })
  const user = devnetEvmAccount('user')
  const solver = devnetEvmAccount('solver')
  const solUser = devnetSolanaKeypair('user')
  const lines = [
    'ferry devnet running (Ctrl-C stops every process)',
    '',
    'WARNING: every key below is a PUBLIC TEST KEY. Never send real funds to these addresses.',
    ...formatDevnetListenNotice(options.host, options.solana),
    '',
    `service simulator  base_url ${devnet.sim.baseUrl}  stats_url ${devnet.sim.statsUrl}`,
    ...devnet.evm.flatMap((c) => [
      `chain ${c.chainId}  rpc ${c.rpcUrl}`,
      `  DlnSource ${c.contracts.dlnSource}  DlnDestination ${c.contracts.dlnDestination}  forwarder ${c.contracts.forwarder}`,
      `  tokens ${Object.values(c.contracts.tokens)
        .map((t) => `${t.symbol} ${t.address}`)
        .join('  ')}`,
      `  USD feeds ${Object.entries(c.contracts.priceFeeds)
        .map(([symbol, address]) => `${symbol} ${address}`)
        .join('  ')}`,
    ]),
    ...(devnet.solana
      ? [`solana 7565164  rpc ${devnet.solana.rpcUrl}  USDC mint ${devnet.solana.usdcMint}`]
      : []),
    '',
    `EVM demo user  ${user.address}  private key ${user.privateKey}`,
    `EVM solver     ${solver.address}`,
    ...(devnet.treasurySafe
      ? [
          `EVM treasury Safe ${devnet.treasurySafe}  (Safe 1.4.1 on every chain, threshold 1, owner: the demo user; config/treasury-safe.example.yaml)`,
        ]
      : []),
    `EVM keys come from the anvil mnemonic: "${ANVIL_MNEMONIC}" (user = index 1)`,
    ...(devnet.solana
      ? [formatSolanaDemoKey(solUser.publicKey.toBase58(), solUser.secretKey)]
      : []),
    '',
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve())
    process.once('SIGTERM', () => resolve())
  })
  await devnet.stop()
  process.stdout.write('ferry devnet stopped\n')
}
