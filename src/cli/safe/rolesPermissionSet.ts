import { createRequire } from 'node:module'
import type { Address, Hex } from 'viem'
import type { Permission } from 'zodiac-roles-sdk'

const require = createRequire(import.meta.url)
// zodiac-roles-sdk 2.x's ESM build imports directories, which Node's ESM loader refuses; its CJS
// build is the one that loads.
const { c } = require('zodiac-roles-sdk') as typeof import('zodiac-roles-sdk')

/** One EVM chain of the set: its DLN contracts and the tokens the Safe may give on it. */
export type RolesChainInput = {
  chainId: number
  dlnSource: Address
  forwarder: Address
  dlnDestination: Address
  /** ERC-20s the strategies can give from the Safe on this chain (approve, giveTokenAddress). */
  gives: readonly Address[]
}

/** What the permission set of one chain pins (docs/safety.md "Treasury accounts", roles mode). */
export type RolesSetInput = {
  safe: Address
  chain: RolesChainInput
  /** Every (take chain, take token as bytes) the strategies can take, EVM and Solana. */
  takes: readonly { chainId: number; token: Hex }[]
  /** The order's receiver and destination authority per take chain, as bytes (the Safe on EVM). */
  receivers: readonly { chainId: number; receiver: Hex }[]
}

/** One permission in words, for the person who reviews the set. */
export type RolesRule = { target: Address; name: string; fn: string; conditions: string[] }

// OrderCreation and Order (docs/dln.md §4.2, §4.3), types only: the selector hashes them as written.
const OC = '(address,uint256,bytes,uint256,uint256,bytes,address,bytes,bytes,bytes,bytes)'
const O =
  '(uint64,bytes,uint256,bytes,uint256,uint256,bytes,uint256,bytes,bytes,bytes,bytes,bytes,bytes)'
const SALTED = [`tuple${OC}`, 'uint64', 'bytes', 'uint32', 'bytes', 'bytes']
const CREATE = [`tuple${OC}`, 'bytes', 'uint32', 'bytes']
const STRICTLY = [
  'address',
  'uint256',
  'bytes',
  'address',
  'bytes',
  'address',
  'uint256',
  'address',
  'address',
  'bytes',
]

const or = c.or as (...branches: unknown[]) => unknown
/** EqualTo the one value, or an Or of EqualTo over several. */
const oneOf = (values: readonly unknown[]) =>
  values.length === 1 ? c.eq(values[0]) : or(...values.map((v) => c.eq(v)))

/**
 * The Roles v2 permissions ferry's role needs on one chain, as zodiac-roles-sdk permissions
 * (targets, selectors and parameter conditions; `send` where the call carries the fixed fee),
 * and the same in words. Pinned: the give token and every allowance to the chain's gives; the
 * spender to DlnSource or the forwarder; the take token, take chain, receiver and destination
 * authority to the strategies' takes and the account's receivers; the Safe as give patch
 * authority, cancel beneficiary (the order's and the cancel's) and the forwarder's refund
 * recipient; no permit envelope and no affiliate fee (ferry never sends either from a Safe); the
 * forwarder may only call DlnSource's createSaltedOrder under the same pins. Amounts, salts,
 * hooks and allowed takers are left to ferry's own checks. Pure.
 */
export function rolesPermissionSet(input: RolesSetInput): {
  permissions: Permission[]
  rules: RolesRule[]
} {
  const { safe, chain } = input
  const takeTokens = [...new Set(input.takes.map((t) => t.token.toLowerCase()))]
  const takeChains = [...new Set(input.takes.map((t) => BigInt(t.chainId)))]
  const receivers = [...new Set(input.receivers.map((r) => r.receiver.toLowerCase()))]
  const order = (give: boolean) =>
    c.matches([
      give ? oneOf(chain.gives) : undefined,
      undefined,
      oneOf(takeTokens),
      undefined,
      oneOf(takeChains),
      oneOf(receivers),
      c.eq(safe),
      oneOf(receivers),
      undefined,
      undefined,
      c.eq(safe.toLowerCase()),
    ] as never)
  const orderWords = (give: boolean) => [
    ...(give ? [`giveTokenAddress ∈ {${chain.gives.join(', ')}}`] : []),
    `takeTokenAddress ∈ {${takeTokens.join(', ')}}`,
    `takeChainId ∈ {${takeChains.join(', ')}}`,
    `receiverDst ∈ {${receivers.join(', ')}}`,
    `givePatchAuthoritySrc = ${safe}`,
    `orderAuthorityAddressDst ∈ {${receivers.join(', ')}}`,
    `allowedCancelBeneficiarySrc = ${safe}`,
  ]
  const salted = (give: boolean) =>
    c.calldataMatches(
      [order(give), undefined, c.eq('0x'), undefined, c.eq('0x'), undefined] as never,
      SALTED,
    )
  // No give on this chain (or nothing to take): no order leaves from here, only cancels and patches.
  const orders = chain.gives.length > 0 && takeTokens.length > 0 && receivers.length > 0
  const orderPermissions = (): Permission[] => [
    {
      targetAddress: chain.dlnSource,
      signature: `createSaltedOrder(${OC},${SALTED.slice(1).join(',')})`,
      condition: salted(true),
      send: true,
    },
    {
      targetAddress: chain.dlnSource,
      signature: `createOrder(${OC},${CREATE.slice(1).join(',')})`,
      condition: c.calldataMatches(
        [order(true), c.eq('0x'), undefined, c.eq('0x')] as never,
        CREATE,
      ),
      send: true,
    },
    {
      targetAddress: chain.forwarder,
      signature: `strictlySwapAndCall(${STRICTLY.join(',')})`,
      condition: c.calldataMatches(
        [
          oneOf(chain.gives),
          undefined,
          c.eq('0x'),
          undefined,
          undefined,
          undefined,
          undefined,
          c.eq(safe),
          c.eq(chain.dlnSource),
          salted(false),
        ] as never,
        STRICTLY,
      ),
      send: true,
    },
    ...chain.gives.map(
      (token): Permission => ({
        targetAddress: token,
        signature: 'approve(address,uint256)',
        condition: c.calldataMatches(
          [oneOf([chain.dlnSource, chain.forwarder]), undefined] as never,
          ['address', 'uint256'],
        ),
      }),
    ),
  ]
  const permissions: Permission[] = [
    ...(orders ? orderPermissions() : []),
    {
      targetAddress: chain.dlnDestination,
      signature: `sendEvmOrderCancel(${O},address,uint256)`,
      condition: c.calldataMatches([undefined, c.eq(safe), undefined] as never, [
        `tuple${O}`,
        'address',
        'uint256',
      ]),
      send: true,
    },
    { targetAddress: chain.dlnDestination, signature: `patchOrderTake(${O},uint256)` },
  ]
  const orderRules = (): RolesRule[] => [
    {
      target: chain.dlnSource,
      name: 'DlnSource',
      fn: 'createSaltedOrder (send: the fixed fee)',
      conditions: [...orderWords(true), '_affiliateFee empty', '_permitEnvelope empty'],
    },
    {
      target: chain.dlnSource,
      name: 'DlnSource',
      fn: 'createOrder (send: the fixed fee)',
      conditions: [...orderWords(true), '_affiliateFee empty', '_permitEnvelope empty'],
    },
    {
      target: chain.forwarder,
      name: 'forwarder',
      fn: 'strictlySwapAndCall (send: the fixed fee)',
      conditions: [
        `_srcTokenIn ∈ {${chain.gives.join(', ')}}`,
        '_srcTokenInPermitEnvelope empty',
        `_srcTokenRefundRecipient = ${safe}`,
        `_target = DlnSource ${chain.dlnSource}`,
        `_targetData = createSaltedOrder with: ${orderWords(false).join('; ')}; _affiliateFee empty; _permitEnvelope empty`,
      ],
    },
    ...chain.gives.map((token) => ({
      target: token,
      name: 'ERC-20',
      fn: 'approve',
      conditions: [`spender ∈ {DlnSource ${chain.dlnSource}, forwarder ${chain.forwarder}}`],
    })),
  ]
  const rules: RolesRule[] = [
    ...(orders ? orderRules() : []),
    {
      target: chain.dlnDestination,
      name: 'DlnDestination',
      fn: 'sendEvmOrderCancel (send: the gate fee)',
      conditions: [`_cancelBeneficiary = ${safe}`],
    },
    {
      target: chain.dlnDestination,
      name: 'DlnDestination',
      fn: 'patchOrderTake',
      conditions: ['none (DlnDestination accepts it only from the order authority, the Safe)'],
    },
  ]
  return { permissions, rules }
}
