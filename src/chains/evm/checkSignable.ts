import { type Address, decodeFunctionData, erc20Abi, type Hex, size, slice } from 'viem'
import type { ChainId } from '../../api/schemas/chainId.ts'
import { VerificationError } from '../../common/VerificationError.ts'
import { type EvmAllowList, evmAllowList } from '../evmAllowList.ts'
import { internalChainIdOf } from '../nativeChainIdOf.ts'
import { checkRolesExec } from './safe/checkRolesExec.ts'
import { checkSafeExec } from './safe/checkSafeExec.ts'
import type { RolesRoute } from './safe/SafeRoute.ts'

/** The fields of a transaction the signer's own allow-list check looks at. */
export type SignableTx = { chainId: number; to: Address; data: Hex; value: bigint }

/** Selectors ferry may send to each allow-listed contract (docs/dln.md §4.3, safety P-1.2). */
const SELECTORS = {
  dlnSource: ['0xfbe16ca7', '0xb9303701'], // createOrder, createSaltedOrder
  // strictlySwapAndCall (pre-swapped orders, routed swaps), the router's swap (docs/dln.md §6)
  forwarder: ['0x4d8160ba', '0x258c16ee'],
  dlnDestination: ['0xd38d9626', '0x51f228b4'], // sendEvmOrderCancel, patchOrderTake
} as const
const APPROVE = '0x095ea7b3'

/** The spec chain id whose EIP-155 id is `nativeChainId`, for EVM chains only (docs/dln.md §5). */
export const specChainIdOf: (nativeChainId: number) => ChainId | undefined = internalChainIdOf

/**
 * The signer's own last check before any signature (safety P-5.2, re-running P-1.1/P-1.2 even if
 * the caller verified): the chain is a known EVM chain with an allow-list; the target is DlnSource,
 * the forwarder or DlnDestination with one of their known selectors; or the call is an ERC-20
 * `approve` whose spender is DlnSource or the forwarder; or a 0-value, empty self-transfer (a
 * nonce fence or cancel, P-2.8). With `safe` (owner mode), an `execTransaction` on that Safe is
 * decoded ({@link checkSafeExec}: no delegatecall, no call of the Safe to itself, no refunds) and
 * its inner call must pass the same check as made by the Safe; with `roles` too (roles mode), an
 * `execTransactionWithRole` on that modifier likewise ({@link checkRolesExec}), and the Safe's own
 * execTransaction is not signable. Anything else throws a
 * {@link VerificationError}.
 */
export function checkSignable(
  tx: SignableTx,
  from: Address,
  override?: Partial<EvmAllowList>,
  safe?: Address,
  roles?: RolesRoute,
): void {
  if (safe !== undefined && roles && tx.to.toLowerCase() === roles.modifier.toLowerCase()) {
    const inner = checkRolesExec(tx, safe, roles)
    checkSignable({ chainId: tx.chainId, ...inner }, safe, override)
    return
  }
  if (safe !== undefined && !roles && tx.to.toLowerCase() === safe.toLowerCase()) {
    const inner = checkSafeExec(tx, safe, from)
    checkSignable({ chainId: tx.chainId, ...inner }, safe, override)
    return
  }
  const chainId = specChainIdOf(tx.chainId)
  const allow = chainId === undefined ? undefined : evmAllowList(chainId, override)
  if (!allow) {
    throw new VerificationError('tx.chainId', 'an EVM chain with an allow-list', tx.chainId)
  }
  const to = tx.to.toLowerCase()
  if (to === from.toLowerCase() && tx.value === 0n && size(tx.data) === 0) return
  const selector = size(tx.data) >= 4 ? slice(tx.data, 0, 4).toLowerCase() : '0x'
  for (const role of ['dlnSource', 'forwarder', 'dlnDestination'] as const) {
    if (to !== allow[role]) continue
    if (!(SELECTORS[role] as readonly string[]).includes(selector)) {
      throw new VerificationError('tx.data.selector', SELECTORS[role].join(' | '), selector)
    }
    return
  }
  if (selector === APPROVE) {
    const { args } = decodeFunctionData({ abi: erc20Abi, data: tx.data })
    const spender = String(args[0]).toLowerCase()
    if (tx.value !== 0n) throw new VerificationError('tx.value', 0n, tx.value, 'on an approve')
    if (spender !== allow.dlnSource && spender !== allow.forwarder) {
      throw new VerificationError(
        'approve.spender',
        `${allow.dlnSource} or ${allow.forwarder}`,
        spender,
        'is not an allow-listed spender',
      )
    }
    return
  }
  throw new VerificationError(
    'tx.to',
    `${allow.dlnSource}, ${allow.forwarder}, ${allow.dlnDestination} or an approve`,
    tx.to,
    'is not allow-listed',
  )
}
