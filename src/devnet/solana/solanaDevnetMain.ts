// Child-process entry of the devnet's Solana. litesvm's native code can abort while the process
// tears down (std::bad_alloc at exit, seen with litesvm 0.5-0.8), so it never lives in ferry's own
// process: this child serves JSON-RPC and is killed outright when its parent goes away.
import { createSolanaDevnet } from './createSolanaDevnet.ts'
import { startSolanaRpc } from './startSolanaRpc.ts'

const devnet = createSolanaDevnet()
const rpc = await startSolanaRpc(devnet)
process.stdout.write(`Solana RPC listening on ${rpc.url}\n`)

// SIGKILL skips the native destructors; nothing here needs a graceful end.
const die = (): void => {
  process.kill(process.pid, 'SIGKILL')
}
process.stdin.on('end', die)
process.stdin.on('close', die)
process.stdin.resume()
process.on('SIGTERM', die)
process.on('SIGINT', die)
