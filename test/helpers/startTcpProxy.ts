import { createConnection, createServer, type Socket } from 'node:net'

/** A loopback TCP proxy in front of one server port, which a test can cut off without closing. */
export type TcpProxy = {
  /** The port clients connect to instead of the server's. */
  readonly port: number
  /**
   * Stops forwarding both ways, keeping every connection open: what a network partition looks
   * like to both ends (no FIN, no RST; bytes wait in the buffers, TCP keepalives still answered).
   */
  partition(): void
  /**
   * Ends the partition as a long one ends: the connections it held are cut (each end sees a
   * reset), new ones are forwarded again.
   */
  heal(): void
  /** Closes the listener and every connection. */
  close(): Promise<void>
}

/**
 * Starts a proxy on a free loopback port forwarding to `127.0.0.1:targetPort`. A connection whose
 * other side ends (a server restart) is ended too, so clients see the restart as they would.
 */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>()
  let cut = false
  // Bytes that arrived while cut: never delivered, as on a partitioned network.
  let held: Buffer[] = []
  const forward = (from: Socket, to: Socket): void => {
    from.on('data', (chunk: Buffer) => {
      if (cut) held.push(chunk)
      else to.write(chunk)
    })
  }
  const server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort })
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    forward(client, upstream)
    forward(upstream, client)
    const end = (): void => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port')
  return {
    port: address.port,
    partition() {
      cut = true
    },
    heal() {
      for (const [a, b] of pairs) {
        a.resetAndDestroy()
        b.resetAndDestroy()
      }
      held = []
      cut = false
    },
    async close() {
      for (const [a, b] of pairs) {
        a.destroy()
        b.destroy()
      }
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
