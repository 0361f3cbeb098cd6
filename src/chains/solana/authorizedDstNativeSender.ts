import { PublicKey } from '@solana/web3.js'

/**
 * dln_dst's shared message sender: the PDA `["AUTHORIZED_DST_NATIVE_SENDER"]` of the program,
 * which pays deBridge for every cancel and unlock dln_dst sends, funded by `prepareSend` from the
 * canceler in the same transaction (deBridge's SDK `dln-client` `getAuthorizedDstNativeSenderAddress`;
 * docs/dln.md §4.10). Pure.
 */
export function authorizedDstNativeSenderAddress(dlnDestination: string): PublicKey {
  return PublicKey.findProgramAddressSync(
    [Buffer.from('AUTHORIZED_DST_NATIVE_SENDER')],
    new PublicKey(dlnDestination),
  )[0]
}
