/**
 * The text of a new strategy module, `<name>.mjs` (`ferry strategy new`): plain JavaScript with
 * JSDoc types from `ferry/strategy`, so it runs with no build step and editors check it against
 * the contract. A working top-up strategy, every contract member commented with what it must do.
 * `name` must be a valid strategy name (strategyCommand checks it).
 */
export function strategyModuleTemplate(name: string): string {
  return `// @ts-check
/**
 * ${name}: a ferry strategy of your own, written by \`ferry strategy new ${name}\`.
 *
 * As written, it tops a balance up: when ferry's balance of \`to\` (a token on one chain) falls
 * below \`minBalance\`, it asks for a quote to move \`moveAmount\` of \`from\` (a token on another
 * chain) there, and acts on the quote when its full cost is at most \`maxCostBps\`. Change plan
 * and decide to make it yours; keep the test next to it passing.
 *
 * Run it from a ferry config (the path is relative to the config file's folder):
 *
 *   strategies:
 *     - module: ./${name}.mjs
 *       id: ${name}
 *       schedule: { intervalMs: 60000 }
 *       params:
 *         from: { chainId: 42161, token: "0xaf88d065e77c8cc2239327c5edb3a432268e5831" }
 *         to: { chainId: 8453, token: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913" }
 *         minBalance: "1000000000"   # 1 000 USDC (6 decimals), base units
 *         moveAmount: "500000000"    # 500 USDC
 *         maxCostBps: 50
 *
 * Test it: \`node --test ${name}.test.mjs\`. Check a config that uses it: \`ferry config check\`.
 *
 * The contract (ferry's strategies/README.md): ferry imports this file and reads its named
 * export \`strategy\`. \`plan\`, \`decide\` and \`tokens\` must be pure: no network, no files, no clock
 * (the time is \`snapshot.nowMs\`), no \`process.env\`, no randomness, so the same inputs give the
 * same outputs and a tick can be replayed. Amounts are bigint base units (1 USDC = 1000000n);
 * names say their units: \`*Usd\` dollars, \`*Bps\` basis points, \`*Ms\` milliseconds. Global safety
 * (caps, daily budget, gas reserve, kill switch, verification of every transaction) is ferry's
 * job, applied to every intent this returns; thresholds here are your own business rules.
 *
 * Types: the JSDoc below names ferry's contract types (\`ferry/strategy\`). Editors check this
 * file against them when a ferry checkout resolves from this folder (\`npm link\` in the checkout,
 * then \`npm link ferry\` here). Nothing is imported at run time: the file runs as it is.
 */

/**
 * The params as \`plan\`, \`decide\` and \`tokens\` receive them: as the config writes them, checked
 * at start against \`paramsJsonSchema\` (ferry exits 2 naming the field), with its defaults
 * filled in. Amounts are integer strings of base units, since YAML and JSON have no bigint.
 * @typedef {{
 *   from: TokenRef,
 *   to: TokenRef,
 *   minBalance: string,
 *   moveAmount: string,
 *   maxCostBps: number,
 * }} Params
 */
/** @typedef {import('ferry/strategy').TokenRef} TokenRef */
/** @typedef {import('ferry/strategy').MarketSnapshot} MarketSnapshot */
/** @typedef {import('ferry/strategy').TokenBalance} TokenBalance */
/** @typedef {import('ferry/strategy').RouteRequest} RouteRequest */
/** @typedef {import('ferry/strategy').Intent} Intent */
/** @typedef {import('ferry/strategy').StrategyObservation} StrategyObservation */

const tokenRef = {
  type: 'object',
  additionalProperties: false,
  required: ['chainId', 'token'],
  properties: {
    chainId: { type: 'integer', minimum: 1, description: "the service's chain id, e.g. 42161" },
    token: { type: 'string', minLength: 1, description: 'the token address' },
  },
}
const baseUnits = { type: 'string', pattern: '^[0-9]+$', description: 'base units, e.g. "1000000"' }

/** @type {import('ferry/strategy').StrategyPlugin<Params>} */
export const strategy = {
  // name: how ferry's output names this strategy. A built-in's name (rebalance, sweep,
  // arbitrage) is refused.
  name: '${name}',

  // paramsJsonSchema: a JSON Schema (draft 2020-12) of strategies[].params, checked at start
  // (unknown keywords are errors; \`format\` is not checked); defaults are filled in. It also
  // completes params in editors: \`ferry config schema your.yaml > ferry.schema.json\`. Or export
  // \`paramsSchema\`, a zod schema, instead (with zod installed next to this file): then params
  // are its output, e.g. amounts already bigint.
  paramsJsonSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['from', 'to', 'minBalance', 'moveAmount'],
    properties: {
      from: { ...tokenRef, description: 'where funds come from' },
      to: { ...tokenRef, description: 'the balance to keep topped up' },
      minBalance: { ...baseUnits, description: 'top up below this balance of \`to\`, base units' },
      moveAmount: { ...baseUnits, description: 'amount of \`from\` per move, base units' },
      maxCostBps: {
        type: 'number',
        minimum: 0,
        maximum: 10000,
        default: 50,
        description: 'most a move may cost (fees, spread, gas), bps of its value',
      },
    },
  },

  // plan(snapshot, params) → RouteRequest[]: the quotes to ask for this tick, from balances and
  // params alone. Pure. Empty: nothing to do. ferry quotes each request (a failed quote is simply
  // absent) and hands the quotes to decide, with the same snapshot.
  plan(snapshot, params) {
    const to = findBalance(snapshot, params.to)
    const from = findBalance(snapshot, params.from)
    // A balance ferry did not read (no RPC for its chain) means nothing to do this tick.
    if (to === undefined || from === undefined) return []
    const routeId = \`\${params.from.chainId}:\${params.from.token}->\${params.to.chainId}:\${params.to.token}\`
    // One move at a time: the balance of \`to\` does not show a move still on its way.
    if (snapshot.inFlight.some((intent) => intent.route.routeId === routeId)) return []
    const amountIn = BigInt(params.moveAmount)
    if (to.amount >= BigInt(params.minBalance) || from.amount < amountIn) return []
    return [
      {
        kind: 'crossChain',
        // requestId: unique in this plan, stable across ticks.
        requestId: \`${name}:\${routeId}\`,
        // routeId: what ferry's caps and cooldowns count against.
        routeId,
        amountIn,
        // Our own wallet on the destination chain.
        recipient: to.owner,
        srcChainId: params.from.chainId,
        srcToken: params.from.token,
        dstChainId: params.to.chainId,
        dstToken: params.to.token,
      },
    ]
  },

  // decide(quotes, snapshot, params) → { intents, observations }: judges the quotes of this
  // tick's plan. Pure. An intent must come from one of these quotes and never ask for more than
  // its request did; ferry's risk checks and verifier run on every intent after this. One
  // observation per quote judged, acted on or not, goes to the journal for tuning thresholds.
  decide(quotes, snapshot, params) {
    /** @type {Intent[]} */
    const intents = []
    /** @type {StrategyObservation[]} */
    const observations = []
    for (const quote of quotes) {
      const route = quote.request
      if (route.kind !== 'crossChain') continue
      // costBps: the quote's full cost (fees, spread, gas) in bps of its input value.
      const priced = Number.isFinite(quote.costBps)
      const acted = priced && quote.costBps <= params.maxCostBps
      observations.push({
        kind: '${name}',
        requestIds: [route.requestId],
        atMs: snapshot.nowMs,
        valueBps: priced ? quote.costBps : undefined,
        thresholdBps: params.maxCostBps,
        acted,
        note: acted
          ? \`top up chain \${route.dstChainId} with \${route.amountIn} from chain \${route.srcChainId}\`
          : \`cost \${quote.costBps} bps above maxCostBps \${params.maxCostBps}: wait\`,
      })
      if (!acted) continue
      intents.push({
        route,
        quote,
        amountIn: route.amountIn,
        // The quote's guaranteed output: ferry's verifier holds the transaction to it.
        minAmountOut: quote.minAmountOut,
        recipient: route.recipient,
        // The input's USD value at quote time: what ferry's caps count.
        notionalUsd: quote.amountInUsd,
        reason: \`balance below minBalance on chain \${route.dstChainId}; cost \${quote.costBps} bps\`,
      })
    }
    return { intents, observations }
  },

  // tokens(params) → { gives, takes }: every (chain, token) an intent of this instance can give
  // or take, from params alone. Pure. With mode: live, ferry refuses to start unless each has a
  // trusted price in the config's prices section; ferry also reads their balances every tick.
  tokens(params) {
    return {
      gives: [{ chainId: params.from.chainId, token: params.from.token }],
      takes: [{ chainId: params.to.chainId, token: params.to.token }],
    }
  },
}

/**
 * The snapshot's balance of \`ref\` (EVM addresses compare without case).
 * @param {MarketSnapshot} snapshot
 * @param {TokenRef} ref
 * @returns {TokenBalance | undefined}
 */
function findBalance(snapshot, ref) {
  const same = (/** @type {string} */ token) =>
    ref.token.startsWith('0x')
      ? token.toLowerCase() === ref.token.toLowerCase()
      : token === ref.token
  return snapshot.balances.find((b) => b.chainId === ref.chainId && same(b.token))
}
`
}
