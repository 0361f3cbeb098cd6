import type { ClusterEvent } from '../../observe/clusterEvents.ts'
import { acquireWalletLease } from '../../store/cluster/acquireWalletLease.ts'
import { LeaseHeldError } from '../../store/cluster/LeaseHeldError.ts'
import { releaseWalletLease } from '../../store/cluster/releaseWalletLease.ts'
import { renewWalletLease } from '../../store/cluster/renewWalletLease.ts'
import { LeaseLostError } from '../../store/contract/LeaseLostError.ts'
import type { PgJournalStore } from '../../store/pg/openPgJournal.ts'
import { type WalletGroup, walletKeyOf } from './groupWallets.ts'

type Emit = (event: ClusterEvent) => void
type Holding = { group: WalletGroup; tokens: Map<string, number> }
type Who = { holder: string; ttlMs: number }

/** This process's clock for the events' `atMs`. */
const nowMs = (): number => Date.now()

/**
 * Takes every wallet lease of a group, in key order (so two takers never deadlock), or none: on
 * a wallet held by another, the ones just taken are released again. Returns the tokens by
 * wallet key, or undefined when the group is not free.
 */
export async function acquireGroup(
  store: PgJournalStore,
  group: WalletGroup,
  who: Who,
  emit: Emit,
): Promise<Map<string, number> | undefined> {
  const tokens = new Map<string, number>()
  for (const wallet of group.wallets) {
    try {
      const lease = await acquireWalletLease(store, { ...wallet, ...who })
      tokens.set(walletKeyOf(wallet), lease.token)
    } catch (error) {
      if (!(error instanceof LeaseHeldError)) throw error
      await releaseGroup(store, { group, tokens }, who.holder, () => {})
      return undefined
    }
  }
  for (const wallet of group.wallets) {
    const token = tokens.get(walletKeyOf(wallet))!
    emit({
      type: 'lease',
      change: 'acquired',
      ...walletOf(wallet),
      holder: who.holder,
      token,
      atMs: nowMs(),
    })
  }
  return tokens
}

/**
 * Renews every wallet lease of a held group. Returns true when one was lost (expired or taken):
 * the group is then given up whole, its other wallets released.
 */
export async function renewGroup(
  store: PgJournalStore,
  holding: Holding,
  who: Who,
  emit: Emit,
): Promise<boolean> {
  for (const wallet of holding.group.wallets) {
    const token = holding.tokens.get(walletKeyOf(wallet))!
    try {
      await renewWalletLease(store, { ...wallet, ...who, token })
    } catch (error) {
      if (!(error instanceof LeaseLostError)) throw error
      emit({
        type: 'lease',
        change: 'lost',
        ...walletOf(wallet),
        holder: who.holder,
        token,
        atMs: nowMs(),
      })
      holding.tokens.delete(walletKeyOf(wallet))
      await releaseGroup(store, holding, who.holder, emit)
      return true
    }
  }
  return false
}

/** Releases the group's wallet leases this holder still has. */
export async function releaseGroup(
  store: PgJournalStore,
  holding: Holding,
  holder: string,
  emit: Emit,
): Promise<void> {
  for (const wallet of holding.group.wallets) {
    const token = holding.tokens.get(walletKeyOf(wallet))
    if (token === undefined) continue
    if (await releaseWalletLease(store, { ...wallet, holder, token })) {
      emit({ type: 'lease', change: 'released', ...walletOf(wallet), holder, token, atMs: nowMs() })
    }
  }
}

function walletOf(wallet: { chainId: number; address: string }) {
  return { chainId: wallet.chainId, wallet: wallet.address }
}
