import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AccountLayout, MintLayout } from '@solana/spl-token'
import { PublicKey, VersionedMessage, VersionedTransaction } from '@solana/web3.js'
import { LAMPORTS_PER_SIGNATURE, type SolanaDevnet, SolanaSendError } from './createSolanaDevnet.ts'
import { encodeRpcAccount } from './encodeRpcAccount.ts'
import { RpcError } from './RpcError.ts'
import {
  type SimulateTransactionConfig,
  simulateTransactionMethod,
} from './simulateTransactionMethod.ts'
import { claimGiveOrder } from './standIn/dlnSrc/claimGiveOrder.ts'

/** A JSON-RPC endpoint in front of the in-process Solana. */
export type SolanaRpc = { url: string; close(): Promise<void> }

type RpcRequest = { jsonrpc: '2.0'; id: number | string | null; method: string; params?: unknown[] }

/**
 * Serves the subset of the Solana JSON-RPC API that @solana/web3.js's `Connection` needs to send
 * and confirm transactions (and `simulateTransaction` with post-state `accounts`, as ferry's
 * value-flow check uses it), on 127.0.0.1 with a free port, plus devnet extensions in the manner
 * of anvil_*: `devnet_advanceSlots [n]`, `devnet_airdrop [key, lamports]`,
 * `devnet_createMint [mint, decimals, authority]`, `devnet_mintTo [mint, owner, amount]`,
 * `devnet_setAccount [key, base64 data, owner]` (a program account, rent-exempt) and
 * `devnet_claimGiveOrder [orderId, beneficiary, unlock|cancel]` and
 * `devnet_getTransactions [fromIndex]` (every processed transaction, for the solver).
 */
export async function startSolanaRpc(devnet: SolanaDevnet): Promise<SolanaRpc> {
  const context = (): { slot: number } => ({ slot: devnet.slot() })
  const pubkey = (value: unknown): PublicKey => {
    try {
      return new PublicKey(String(value))
    } catch {
      throw new RpcError(-32602, `Invalid param: ${String(value)} is not a public key`)
    }
  }
  const decodeTx = (
    value: unknown,
    config: { encoding?: string } | undefined,
  ): VersionedTransaction => {
    const bytes = Buffer.from(String(value), config?.encoding === 'base64' ? 'base64' : 'base64')
    try {
      return VersionedTransaction.deserialize(bytes)
    } catch (error) {
      throw new RpcError(-32602, `failed to deserialize transaction: ${(error as Error).message}`)
    }
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getLatestBlockhash: () => ({ context: context(), value: devnet.latestBlockhash() }),
    getBlockHeight: () => devnet.slot(),
    getSlot: () => devnet.slot(),
    getBalance: ([key]) => ({
      context: context(),
      value: Number(devnet.svm.getBalance(pubkey(key)) ?? 0n),
    }),
    getMinimumBalanceForRentExemption: ([size]) =>
      Number(devnet.svm.minimumBalanceForRentExemption(BigInt(Number(size)))),
    getFeeForMessage: ([message]) => {
      const decoded = VersionedMessage.deserialize(Buffer.from(String(message), 'base64'))
      return {
        context: context(),
        value: Number(LAMPORTS_PER_SIGNATURE) * decoded.header.numRequiredSignatures,
      }
    },
    getAccountInfo: ([key]) => ({
      context: context(),
      value: encodeRpcAccount(devnet.svm.getAccount(pubkey(key))),
    }),
    getMultipleAccounts: ([keys]) => ({
      context: context(),
      value: (keys as unknown[]).map((key) => encodeRpcAccount(devnet.svm.getAccount(pubkey(key)))),
    }),
    getTokenAccountBalance: ([key]) => {
      const account = devnet.svm.getAccount(pubkey(key))
      if (!account) throw new RpcError(-32602, 'Invalid param: could not find account')
      const { amount, mint } = AccountLayout.decode(account.data)
      const mintAccount = devnet.svm.getAccount(mint)
      const decimals = mintAccount ? MintLayout.decode(mintAccount.data).decimals : 0
      const ui = Number(amount) / 10 ** decimals
      return {
        context: context(),
        value: { amount: amount.toString(), decimals, uiAmount: ui, uiAmountString: String(ui) },
      }
    },
    sendTransaction: ([encoded, config]) => {
      const cfg = config as { encoding?: string; skipPreflight?: boolean } | undefined
      const tx = decodeTx(encoded, cfg)
      if (!cfg?.skipPreflight) {
        const sim = devnet.simulate(tx)
        if (sim.err) {
          throw new RpcError(-32002, `Transaction simulation failed: ${sim.err}`, {
            err: sim.err,
            logs: sim.logs,
          })
        }
      }
      try {
        return devnet.send(tx).signature
      } catch (error) {
        if (error instanceof SolanaSendError) {
          throw new RpcError(-32002, `Transaction simulation failed: ${error.message}`, {
            err: 'BlockhashNotFound',
            logs: [],
          })
        }
        throw error
      }
    },
    simulateTransaction: ([encoded, config]) => {
      const cfg = config as SimulateTransactionConfig | undefined
      return simulateTransactionMethod(devnet, decodeTx(encoded, cfg), cfg)
    },
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: (signatures as string[]).map((signature) => {
        const record = devnet.status(signature)
        if (!record) return null
        const confirmations = devnet.slot() - record.slot
        return {
          slot: record.slot,
          confirmations: confirmations >= 32 ? null : confirmations,
          err: record.err ? { InstructionError: record.err } : null,
          status: record.err ? { Err: record.err } : { Ok: null },
          confirmationStatus: confirmations >= 32 ? 'finalized' : 'confirmed',
        }
      }),
    }),
    // Devnet extensions (like anvil_*): test control and the solver's view of deposits.
    devnet_advanceSlots: ([count]) => {
      devnet.advanceSlots(Number(count ?? 1))
      return devnet.slot()
    },
    devnet_airdrop: ([key, lamports]) => {
      devnet.svm.airdrop(pubkey(key), BigInt(String(lamports)))
      return Number(devnet.svm.getBalance(pubkey(key)) ?? 0n)
    },
    devnet_createMint: ([mint, decimals, authority]) => {
      devnet.createMint(pubkey(mint), Number(decimals), pubkey(authority))
      return true
    },
    devnet_mintTo: ([mint, owner, amount]) =>
      devnet.mintTo(pubkey(mint), pubkey(owner), BigInt(String(amount))).toBase58(),
    // Writes a program account as the real program would (the devnet runs no DLN binaries):
    // the solver records take states of fills and cancels with it. Rent-exempt lamports.
    devnet_setAccount: ([key, data, owner]) => {
      const bytes = Buffer.from(String(data), 'base64')
      devnet.svm.setAccount(pubkey(key), {
        lamports: Number(devnet.svm.minimumBalanceForRentExemption(BigInt(bytes.length))),
        data: bytes,
        owner: pubkey(owner),
        executable: false,
      })
      return true
    },
    // dln_src's claimUnlock / claimOrderCancel once the take chain's message arrives (the devnet
    // has no deBridge messaging on Solana): the solver relays it here.
    devnet_claimGiveOrder: ([orderId, beneficiary, kind]) =>
      claimGiveOrder(devnet.svm, {
        orderId: String(orderId) as `0x${string}`,
        beneficiary: pubkey(beneficiary).toBase58(),
        kind: kind === 'cancel' ? 'cancel' : 'unlock',
      }).toString(),
    devnet_syncMarket: ([seed, startMs, intervalMs]) => {
      devnet.syncMarket(Number(seed), Number(startMs), Number(intervalMs))
      return true
    },
    devnet_getTransactions: ([fromIndex]) =>
      devnet.records.slice(Number(fromIndex ?? 0)).map((r, i) => ({
        index: Number(fromIndex ?? 0) + i,
        signature: r.signature,
        slot: r.slot,
        err: r.err ?? null,
        logs: r.logs,
        transaction: Buffer.from(r.tx.serialize()).toString('base64'),
      })),
  }

  const answer = (request: RpcRequest): object => {
    const method = methods[request.method]
    try {
      if (!method) throw new RpcError(-32601, `Method not found: ${request.method}`)
      return { jsonrpc: '2.0', id: request.id, result: method(request.params ?? []) }
    } catch (error) {
      const rpc = error instanceof RpcError ? error : new RpcError(-32603, (error as Error).message)
      return {
        jsonrpc: '2.0',
        id: request.id,
        error: { code: rpc.code, message: rpc.message, data: rpc.data },
      }
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      let body: unknown
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32700, message: 'Parse error' },
          }),
        )
        return
      }
      const result = Array.isArray(body)
        ? body.map((r) => answer(r as RpcRequest))
        : answer(body as RpcRequest)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
