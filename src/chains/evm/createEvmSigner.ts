import type { Address, Hex, TransactionSerializableEIP1559, TypedDataDefinition } from 'viem'
import { type LocalAccount, privateKeyToAccount } from 'viem/accounts'
import { FerryError } from '../../common/FerryError.ts'
import { UsageError } from '../../common/UsageError.ts'
import type { EvmAllowList } from '../evmAllowList.ts'
import { checkSignable } from './checkSignable.ts'
import { createRemoteAccount, type RemoteSignerSource } from './createRemoteAccount.ts'
import { decryptKeystoreV3 } from './decryptKeystoreV3.ts'
import type { RolesRoute } from './safe/SafeRoute.ts'

/**
 * Where the EVM key comes from: a raw key (from the environment), a v3 keystore + password (with
 * its path when it came from a file: its errors name the file), or a remote signer that keeps the
 * key (ferry never sees it; docs/safety.md §5).
 */
export type EvmKeySource =
  | { privateKey: string }
  | { keystoreJson: string; password: string; keystorePath?: string }
  | { remote: RemoteSignerSource }

/** An EIP-1559 transaction ready for signing; `chainId` and `nonce` are required. */
export type EvmTxToSign = TransactionSerializableEIP1559 & {
  chainId: number
  nonce: number
  to: Address
  data: Hex
  value: bigint
  gas: bigint
}

/**
 * The only holder of the EVM key (safety P-5.2). The key lives in this closure; nothing returns
 * it. Every signature first re-runs the allow-list check ({@link checkSignable}).
 */
export type EvmSigner = {
  readonly address: Address
  /** Signs after the allow-list check; throws a VerificationError instead of signing. */
  signTransaction(tx: EvmTxToSign): Promise<Hex>
  /** Signs EIP-712 typed data (an EIP-2612 permit that ferry built and checked). */
  signTypedData(typed: TypedDataDefinition): Promise<Hex>
}

/** Options of {@link createEvmSigner}. */
export type CreateEvmSignerOptions = {
  /** Per-chain allow-list override, as configured (defaults: the canonical DLN contracts). */
  allowListOverride?: Partial<EvmAllowList>
  /** The Safe this key executes for (owner mode): its execTransaction calls are signable. */
  safe?: Address
  /** Roles mode: the modifier's execTransactionWithRole calls for `safe` are signable instead. */
  roles?: RolesRoute
}

/**
 * Derives the account from the key source and refuses to start when it is not
 * `expectedAddress` (safety P-1.9, P-5.4). Errors name the problem and the addresses, never the
 * key or the password (P-5.3); the underlying crypto errors are dropped, not chained, because
 * some libraries quote their input.
 */
export function createEvmSigner(
  source: EvmKeySource,
  expectedAddress: string,
  options: CreateEvmSignerOptions = {},
): EvmSigner {
  const account =
    'remote' in source ? remoteAccountOf(source.remote, expectedAddress) : localAccountOf(source)
  if (account.address.toLowerCase() !== expectedAddress.toLowerCase()) {
    throw new UsageError(
      'wallets.evm.address',
      'the EVM key does not derive to the configured address',
      'give the key of the configured address, or set wallets.evm.address to the derived one',
      { metaMessages: [`configured: ${expectedAddress}`, `derived: ${account.address}`] },
    )
  }
  const override = options.allowListOverride
  return {
    address: account.address,
    async signTransaction(tx: EvmTxToSign): Promise<Hex> {
      checkSignable(tx, account.address, override, options.safe, options.roles)
      return account.signTransaction({ ...tx, type: 'eip1559' })
    },
    signTypedData: (typed) => account.signTypedData(typed),
  }
}

function remoteAccountOf(remote: RemoteSignerSource, expectedAddress: string): LocalAccount {
  if (remote.address.toLowerCase() !== expectedAddress.toLowerCase()) {
    throw new UsageError(
      'wallets.evm.signer.remote.address',
      'is not wallets.evm.address',
      'give the same address in wallets.evm.address and wallets.evm.signer.remote.address',
    )
  }
  return createRemoteAccount(remote)
}

function localAccountOf(
  source: Exclude<EvmKeySource, { remote: RemoteSignerSource }>,
): LocalAccount {
  let key: string
  if ('privateKey' in source) {
    key = source.privateKey.startsWith('0x') ? source.privateKey : `0x${source.privateKey}`
  } else {
    key = openKeystore(source)
  }
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new UsageError(
      'EVM key',
      'not 32 bytes of hex (value not shown)',
      'give the private key as 64 hex digits, with or without 0x',
    )
  }
  let account: ReturnType<typeof privateKeyToAccount>
  try {
    account = privateKeyToAccount(key as Hex)
  } catch {
    throw new UsageError(
      'EVM key',
      'not a valid secp256k1 private key (value not shown)',
      'give the private key of the wallet at wallets.evm.address',
    )
  }
  key = ''
  return account
}

/** The keystore's key; its errors name the file and are usage errors (exit 2), like a bad key. */
function openKeystore(source: { keystoreJson: string; password: string; keystorePath?: string }) {
  try {
    return decryptKeystoreV3(source.keystoreJson, source.password)
  } catch (error) {
    if (source.keystorePath === undefined || !(error instanceof FerryError)) throw error
    throw new UsageError(
      'wallets.evm.keystorePath',
      `${source.keystorePath}: ${error.shortMessage.replace(/^keystore: /, '')}`,
      'check the keystore file and the password in wallets.evm.passwordEnv (not shown)',
    )
  }
}
