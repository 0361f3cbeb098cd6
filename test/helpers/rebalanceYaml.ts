/** One chain of a rebalance: the token and its target, in base units. */
export type RebalanceChain = { chainId: number; token: string; targetAmount: string }

/** The USDC of Arbitrum and Base, 1 000 base units each: the default pair. */
const USDC_PAIR: RebalanceChain[] = [
  { chainId: 42161, token: '0xaf88d065e77c8cc2239327c5edb3a432268e5831', targetAmount: '1000' },
  { chainId: 8453, token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', targetAmount: '1000' },
]

/**
 * A config's `strategies:` section with one rebalance (id `usdc`, every second) over `chains`,
 * for the tests whose subject is the config around it, not the strategy. Defaults: Arbitrum and
 * Base USDC at 1 000, maxCostBps 100, minMoveAmount 10, maxMoveAmount 1 000; a move amount given
 * as undefined is left out.
 */
export function rebalanceYaml(
  options: {
    chains?: RebalanceChain[]
    maxCostBps?: number
    minMoveAmount?: string | undefined
    maxMoveAmount?: string | undefined
  } = {},
): string {
  const chains = (options.chains ?? USDC_PAIR)
    .map(
      (c) =>
        `        - { chainId: ${c.chainId}, token: "${c.token}", targetAmount: "${c.targetAmount}" }\n`,
    )
    .join('')
  const minMove = 'minMoveAmount' in options ? options.minMoveAmount : '10'
  const maxMove = 'maxMoveAmount' in options ? options.maxMoveAmount : '1000'
  return `strategies:
  - name: rebalance
    id: usdc
    schedule: { intervalMs: 1000 }
    params:
      chains:
${chains}      toleranceBps: 1
      maxCostBps: ${options.maxCostBps ?? 100}
${line('minMoveAmount', minMove)}${line('maxMoveAmount', maxMove)}`
}

function line(key: string, value: string | undefined): string {
  return value === undefined ? '' : `      ${key}: "${value}"\n`
}
