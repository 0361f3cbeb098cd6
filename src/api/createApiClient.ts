import { createTransport, type Transport, type TransportConfig } from './createTransport.ts'
import { createOrderTx } from './endpoints/createOrderTx.ts'
import { getExternalCallProcess } from './endpoints/getExternalCallProcess.ts'
import { getOrderCancelTx } from './endpoints/getOrderCancelTx.ts'
import { getReferralLeaderboard } from './endpoints/getReferralLeaderboard.ts'
import { getSwapTransaction } from './endpoints/getSwapTransaction.ts'
import { getWalletLeaderboard } from './endpoints/getWalletLeaderboard.ts'

/** The typed client of the service: the five endpoints bound to one transport. */
export type ApiClient = {
  transport: Transport
  createOrderTx: OmitFirst<typeof createOrderTx>
  getSwapTransaction: OmitFirst<typeof getSwapTransaction>
  getExternalCallProcess: OmitFirst<typeof getExternalCallProcess>
  getOrderCancelTx: OmitFirst<typeof getOrderCancelTx>
  getWalletLeaderboard: OmitFirst<typeof getWalletLeaderboard>
  getReferralLeaderboard: OmitFirst<typeof getReferralLeaderboard>
}

// Keeps createOrderTx's overloads: binding through a plain arrow would lose them.
type OmitFirst<F> = F extends {
  (t: Transport, ...a: infer A1): infer R1
  (t: Transport, ...a: infer A2): infer R2
}
  ? { (...a: A1): R1; (...a: A2): R2 }
  : F extends (t: Transport, ...a: infer A) => infer R
    ? (...a: A) => R
    : never

/**
 * Creates the service client (viem decorator style: the endpoints are free functions bound here).
 * @see docs/service.md §4
 */
export function createApiClient(config: TransportConfig | { transport: Transport }): ApiClient {
  const transport = 'transport' in config ? config.transport : createTransport(config)
  return {
    transport,
    createOrderTx: ((
      params: Parameters<typeof createOrderTx>[1],
      options?: Parameters<typeof createOrderTx>[2],
    ) => createOrderTx(transport, params, options)) as ApiClient['createOrderTx'],
    getSwapTransaction: (params, options) => getSwapTransaction(transport, params, options),
    getExternalCallProcess: (orderId, options) =>
      getExternalCallProcess(transport, orderId, options),
    getOrderCancelTx: (orderId, options) => getOrderCancelTx(transport, orderId, options),
    getWalletLeaderboard: (body, options) => getWalletLeaderboard(transport, body, options),
    getReferralLeaderboard: (body, options) => getReferralLeaderboard(transport, body, options),
  }
}
