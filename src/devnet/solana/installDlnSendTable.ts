import { simDlnSendTable } from '../../sim/server/simDlnSendTable.ts'
import { callSolanaDevnet } from './callSolanaDevnet.ts'
import { ADDRESS_LOOKUP_TABLE_PROGRAM, lookupTableAccount } from './lookupTableAccount.ts'

/**
 * Installs, on the Solana devnet, the send lookup table the simulator's cancels load deBridge's
 * sending accounts through (simDlnSendTable, docs/dln.md §4.10): active, frozen, at deBridge's
 * own table address, so ferry reads and the stand-in executor resolves it as on mainnet.
 */
export async function installDlnSendTable(rpcUrl: string): Promise<void> {
  const table = simDlnSendTable()
  const account = lookupTableAccount(table.state.addresses, () => 0)
  await callSolanaDevnet(rpcUrl, 'devnet_setAccount', [
    table.key.toBase58(),
    Buffer.from(account.data).toString('base64'),
    ADDRESS_LOOKUP_TABLE_PROGRAM.toBase58(),
  ])
}
