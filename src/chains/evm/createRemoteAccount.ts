import {
  type Address,
  formatTransactionRequest,
  type Hex,
  numberToHex,
  parseTransaction,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'
import { type LocalAccount, toAccount } from 'viem/accounts'
import { callRemoteSigner, RemoteSignerError } from './callRemoteSigner.ts'

/** Where the remote signer listens and whom it signs for (`wallets.evm.signer.remote`). */
export type RemoteSignerSource = { url: string; address: string }

const TX_FIELDS = [
  'chainId',
  'nonce',
  'to',
  'data',
  'value',
  'gas',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
] as const

/**
 * A viem custom account whose signatures come from a remote JSON-RPC signer: `eth_signTransaction`
 * and `eth_signTypedData_v4` (docs/safety.md §5, remote signer). ferry never holds the key. The
 * signer's answer is checked before use: the signed transaction must be the exact one ferry asked
 * for (every field ferry set) and recover to `address`; a typed-data signature must recover to
 * `address`. Anything else is a {@link RemoteSignerError}, and nothing is sent.
 */
export function createRemoteAccount(source: RemoteSignerSource): LocalAccount {
  const address = source.address as Address
  const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()
  return toAccount({
    address,
    async signTransaction(tx: TransactionSerializable): Promise<Hex> {
      // viem's request format leaves chainId out; a signer serving several chains needs it.
      const request = {
        ...formatTransactionRequest({ ...tx, from: address } as never),
        chainId: numberToHex(tx.chainId ?? 0),
      }
      const raw = (await callRemoteSigner(source.url, 'eth_signTransaction', [request])) as Hex
      const signedRaw = typeof raw === 'string' ? raw : ((raw as { raw?: Hex }).raw ?? '0x')
      let signed: ReturnType<typeof parseTransaction>
      try {
        signed = parseTransaction(signedRaw)
      } catch {
        throw new RemoteSignerError('eth_signTransaction returned no transaction', false)
      }
      for (const field of TX_FIELDS) {
        const want = normalField(field, (tx as Record<string, unknown>)[field])
        if (want !== normalField(field, (signed as Record<string, unknown>)[field])) {
          throw new RemoteSignerError(`signed a different transaction (${field} changed)`, false)
        }
      }
      const signer = await recoverTransactionAddress({ serializedTransaction: signedRaw as never })
      if (!same(signer, address)) {
        throw new RemoteSignerError(`signed as ${signer}, not as ${address}`, false)
      }
      return signedRaw
    },
    async signTypedData(typed): Promise<Hex> {
      const signature = (await callRemoteSigner(source.url, 'eth_signTypedData_v4', [
        address,
        typedDataJson(typed as TypedDataDefinition),
      ])) as Hex
      const signer = await recoverTypedDataAddress({
        ...(typed as TypedDataDefinition),
        signature,
      })
      if (!same(signer, address)) {
        throw new RemoteSignerError(`typed data signed as ${signer}, not as ${address}`, false)
      }
      return signature
    },
    async signMessage(): Promise<Hex> {
      throw new RemoteSignerError('ferry signs no plain messages', false)
    },
  })
}

/** One field as comparable text: RLP drops zeros and empty data, so absent means 0 or 0x. */
function normalField(field: (typeof TX_FIELDS)[number], value: unknown): string {
  if (field === 'to' || field === 'data') {
    return typeof value === 'string' ? value.toLowerCase() : field === 'data' ? '0x' : ''
  }
  return BigInt((value as bigint | number | undefined) ?? 0).toString()
}

/** EIP-712 JSON for eth_signTypedData_v4: bigints as decimal strings, the domain type spelled. */
export function typedDataJson(typed: TypedDataDefinition): string {
  const domain = (typed.domain ?? {}) as Record<string, unknown>
  const domainFields = [
    ['name', 'string'],
    ['version', 'string'],
    ['chainId', 'uint256'],
    ['verifyingContract', 'address'],
    ['salt', 'bytes32'],
  ].filter(([name]) => domain[name as string] !== undefined)
  return JSON.stringify(
    {
      types: {
        EIP712Domain: domainFields.map(([name, type]) => ({ name, type })),
        ...typed.types,
      },
      primaryType: typed.primaryType,
      domain,
      message: typed.message,
    },
    (_key, value) => (typeof value === 'bigint' ? value.toString() : value),
  )
}
