import { type Address, recoverTypedDataAddress } from 'viem'
import { UsageError } from '../../common/UsageError.ts'
import { callRemoteSigner, REMOTE_SIGNER_URL_FIELD, RemoteSignerError } from './callRemoteSigner.ts'
import { type RemoteSignerSource, typedDataJson } from './createRemoteAccount.ts'

/** The harmless message the start check has the signer sign: no chain, no contract, no value. */
const START_CHECK = {
  domain: { name: 'ferry remote signer check', version: '1' },
  types: { Check: [{ name: 'note', type: 'string' }] },
  primaryType: 'Check',
  message: { note: 'ferry start check: this signature authorises nothing' },
} as const

/**
 * The start check of a remote signer (docs/safety.md §5): it answers, lists `address` among its
 * `eth_accounts`, and signs a typed-data message that authorises nothing, recovering to `address`.
 * Run before anything is sent.
 * @throws UsageError (exit 2) naming `wallets.evm.signer.remote.url` or `.address` and the fix.
 */
export async function checkRemoteSigner(source: RemoteSignerSource): Promise<void> {
  const address = source.address as Address
  try {
    const accounts = (await callRemoteSigner(source.url, 'eth_accounts', [], 5_000)) as string[]
    if (!Array.isArray(accounts) || !accounts.some((a) => sameAddress(a, address))) {
      throw new UsageError(
        'wallets.evm.signer.remote.address',
        `the remote signer does not sign for ${address}`,
        'give the address the signer holds (see its eth_accounts), or load that key into the signer',
        {
          metaMessages: [`signer accounts: ${Array.isArray(accounts) ? accounts.join(', ') : '?'}`],
        },
      )
    }
    const signature = (await callRemoteSigner(
      source.url,
      'eth_signTypedData_v4',
      [address, typedDataJson(START_CHECK)],
      5_000,
    )) as `0x${string}`
    const signer = await recoverTypedDataAddress({ ...START_CHECK, signature })
    if (!sameAddress(signer, address)) {
      throw new UsageError(
        'wallets.evm.signer.remote.address',
        `the remote signer signed as ${signer}, not as ${address}`,
        'point wallets.evm.signer.remote.url at the signer that holds this address',
      )
    }
  } catch (error) {
    if (!(error instanceof RemoteSignerError)) throw error
    throw new UsageError(
      REMOTE_SIGNER_URL_FIELD,
      error.unreachable
        ? 'the remote signer is unreachable'
        : 'the remote signer refused the check',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's env syntax, not a JS template
      'start the signer, or fix the URL (credentials through ${VAR}); it must serve eth_accounts and eth_signTypedData_v4',
      { metaMessages: [error.shortMessage, ...(error.details ? [error.details] : [])] },
    )
  }
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}
