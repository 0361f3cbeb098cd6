import { type Commitment, Connection } from '@solana/web3.js'

/**
 * A Solana connection whose signed transactions go to `sendUrl` while every read goes to
 * `rpcUrl`: a private or staked send endpoint, apart from the public read RPCs. Every send of
 * web3.js (sendTransaction, sendRawTransaction) ends in `sendEncodedTransaction`, the one method
 * this routes. Without `sendUrl` it is a plain Connection.
 */
export function createSolanaConnection(
  rpcUrl: string,
  commitment: Commitment,
  sendUrl?: string,
): Connection {
  if (sendUrl === undefined || sendUrl === rpcUrl) return new Connection(rpcUrl, commitment)
  return new SendRoutedConnection(rpcUrl, commitment, new Connection(sendUrl, commitment))
}

class SendRoutedConnection extends Connection {
  readonly #sendVia: Connection

  constructor(rpcUrl: string, commitment: Commitment, sendVia: Connection) {
    super(rpcUrl, commitment)
    this.#sendVia = sendVia
  }

  override sendEncodedTransaction(
    ...args: Parameters<Connection['sendEncodedTransaction']>
  ): ReturnType<Connection['sendEncodedTransaction']> {
    return this.#sendVia.sendEncodedTransaction(...args)
  }
}
