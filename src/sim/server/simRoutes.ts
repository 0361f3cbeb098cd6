import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { createTxParamsSchema } from '../../api/requests/buildCreateTxQuery.ts'
import {
  referralLeaderboardBodySchema,
  walletLeaderboardBodySchema,
} from '../../api/requests/buildLeaderboardBody.ts'
import { swapTxParamsSchema } from '../../api/requests/buildSwapTxQuery.ts'
import { CHAIN_IDS } from '../../api/schemas/chainId.ts'
import { externalCallProcessSchema } from '../../api/schemas/externalCallProcess.ts'
import {
  referralLeaderboardSchema,
  walletLeaderboardSchema,
} from '../../api/schemas/leaderboard.ts'
import { orderCancelTxSchema } from '../../api/schemas/orderCancelTx.ts'
import { orderQuoteSchema } from '../../api/schemas/orderQuote.ts'
import { serviceErrorBodySchema } from '../../api/schemas/serviceErrorBody.ts'
import { swapQuoteSchema } from '../../api/schemas/swapQuote.ts'
import {
  CREATE_TX_PARAM_KINDS,
  type QueryParamKind,
  SWAP_TX_PARAM_KINDS,
} from './queryParamKinds.ts'

const CHAIN_ID_PARAMS = new Set(['srcChainId', 'dstChainId', 'chainId'])

/** How a query parameter is written on the wire, for the OpenAPI document. */
function wireSchemaOf(key: string, kind: QueryParamKind | undefined): z.ZodType {
  if (CHAIN_ID_PARAMS.has(key)) {
    return z.enum(CHAIN_IDS.map(String) as [string, ...string[]])
  }
  if (kind === 'number') return z.number()
  if (kind === 'boolean') return z.boolean()
  if (kind === 'numberOrText') return z.union([z.literal('auto'), z.number()])
  if (kind === 'json') return z.string().describe('stringified JSON, see docs/service.md §4.4')
  return z.string()
}

/**
 * The query of an endpoint as documented: one parameter per field of the client's request
 * schema, so the document and the validation never disagree on names or requiredness.
 */
function querySchemaOf(
  shape: Record<string, z.ZodType>,
  kinds: Record<string, QueryParamKind>,
): z.ZodObject {
  const fields: Record<string, z.ZodType> = {}
  for (const [key, field] of Object.entries(shape)) {
    const wire = wireSchemaOf(key, kinds[key])
    fields[key] = field.safeParse(undefined).success ? wire.optional() : wire
  }
  return z.object(fields)
}

/** The create-tx fields as the real service names them: `dlnHook` for `netHook`. */
function dlnShape(shape: Record<string, z.ZodType>): Record<string, z.ZodType> {
  const { netHook, ...rest } = shape
  return netHook ? { ...rest, dlnHook: netHook } : rest
}
const { netHook: _netHookKind, ...otherKinds } = CREATE_TX_PARAM_KINDS
const DLN_PARAM_KINDS: Record<string, QueryParamKind> = {
  ...otherKinds,
  ...(_netHookKind ? { dlnHook: _netHookKind } : {}),
}

const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

const errors = {
  400: json(serviceErrorBodySchema, 'The request breaks a rule of docs/service.md §4, §7 or §8'),
  429: json(serviceErrorBodySchema, 'Per-endpoint rate limit reached; see Retry-After'),
  500: json(serviceErrorBodySchema, 'Internal error (also an injected fault)'),
}

const leaderboardBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: {
    'application/json-patch+json': { schema },
    'application/json': { schema },
  },
})

/**
 * The routes of the simulator with the same zod schemas the client parses with, for
 * /openapi.json. `part` says which service serves them: base (`/v1.0/`) or stats (`/api/`).
 * @see docs/service.md §4
 */
export const SIM_ROUTES = [
  {
    part: 'base',
    route: createRoute({
      method: 'get',
      path: '/v1.0/net/order/create-tx',
      summary: 'Build a cross-chain order (docs/service.md §4.4)',
      request: { query: querySchemaOf(createTxParamsSchema.shape, CREATE_TX_PARAM_KINDS) },
      responses: { 200: json(orderQuoteSchema, 'Order quote (docs/service.md §2.6)'), ...errors },
    }),
  },
  {
    part: 'base',
    route: createRoute({
      method: 'get',
      path: '/v1.0/dln/order/create-tx',
      summary:
        "The same, on the real service's path, with the hook as dlnHook (docs/service.md §10)",
      request: { query: querySchemaOf(dlnShape(createTxParamsSchema.shape), DLN_PARAM_KINDS) },
      responses: { 200: json(orderQuoteSchema, 'Order quote (docs/service.md §2.6)'), ...errors },
    }),
  },
  {
    part: 'base',
    route: createRoute({
      method: 'get',
      path: '/v1.0/dln/order/{orderId}/cancel-tx',
      summary:
        'The destination-chain cancel of an order into Solana (docs/dln.md §3.5); also under /v1.0/net/',
      request: { params: z.object({ orderId: z.string() }) },
      responses: {
        200: json(orderCancelTxSchema, 'Unsigned Solana cancel transaction (docs/dln.md §3.5)'),
        404: json(serviceErrorBodySchema, 'UNKNOWN_ORDER'),
        ...errors,
      },
    }),
  },
  {
    part: 'base',
    route: createRoute({
      method: 'get',
      path: '/v1.0/chain/transaction',
      summary: 'Quote and build a single-chain swap (docs/service.md §4.5)',
      request: { query: querySchemaOf(swapTxParamsSchema.shape, SWAP_TX_PARAM_KINDS) },
      responses: { 200: json(swapQuoteSchema, 'Swap quote (docs/service.md §2.9)'), ...errors },
    }),
  },
  {
    part: 'stats',
    route: createRoute({
      method: 'get',
      path: '/api/Orders/{orderId}/externalCallProcess',
      summary: 'External-call process of an order (docs/service.md §4.1)',
      request: { params: z.object({ orderId: z.string() }) },
      responses: {
        200: json(externalCallProcessSchema, 'External-call process (docs/service.md §2.3)'),
        404: json(serviceErrorBodySchema, 'UNKNOWN_ORDER'),
        ...errors,
      },
    }),
  },
  {
    part: 'stats',
    route: createRoute({
      method: 'post',
      path: '/api/Users/usersLeaderboard',
      summary: 'Wallet leaderboard (docs/service.md §4.2)',
      request: { body: leaderboardBody(walletLeaderboardBodySchema) },
      responses: {
        200: json(walletLeaderboardSchema, 'A page of the wallet leaderboard'),
        415: json(serviceErrorBodySchema, 'Unsupported Content-Type'),
        ...errors,
      },
    }),
  },
  {
    part: 'stats',
    route: createRoute({
      method: 'post',
      path: '/api/Users/referralProgramLeaderboard',
      summary: 'Referral program leaderboard (docs/service.md §4.3)',
      request: { body: leaderboardBody(referralLeaderboardBodySchema) },
      responses: {
        200: json(referralLeaderboardSchema, 'A page of the referral leaderboard'),
        415: json(serviceErrorBodySchema, 'Unsupported Content-Type'),
        ...errors,
      },
    }),
  },
  {
    part: 'both',
    route: createRoute({
      method: 'get',
      path: '/health',
      summary: 'Liveness of the simulator',
      responses: { 200: json(z.object({ status: z.literal('ok') }), 'Alive') },
    }),
  },
] as const
