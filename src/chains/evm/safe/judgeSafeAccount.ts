import type { Hex } from 'viem'
import { UsageError } from '../../../common/UsageError.ts'

/** What a start reads of the configured Safe on one chain. */
export type SafeAccountFacts = {
  chainId: number
  safe: string
  /** ferry's key. */
  key: string
  code: Hex | undefined
  owners: readonly string[]
  threshold: bigint
}

const FIELD = 'wallets.evm.account.safe'

/**
 * Whether owner mode can run on a chain (docs/safety.md "Treasury accounts"): the Safe has code,
 * ferry's key is one of its owners, and its threshold is 1 (the key's signature alone executes).
 * Returns the UsageError to stop the start with (exit 2, nothing sent), or undefined. Pure.
 */
export function judgeSafeAccount(facts: SafeAccountFacts): UsageError | undefined {
  const where = `chain ${facts.chainId}: the Safe ${facts.safe}`
  if (facts.code === undefined || facts.code === '0x') {
    return new UsageError(
      FIELD,
      `${where} has no code`,
      `deploy the Safe on chain ${facts.chainId} at this address (the same on every configured EVM chain), or correct the address`,
    )
  }
  if (!facts.owners.some((o) => o.toLowerCase() === facts.key.toLowerCase())) {
    return new UsageError(
      FIELD,
      `${where} is not owned by ferry's key ${facts.key}`,
      'add the key as an owner of the Safe (a Safe transaction its owners sign), or configure the key of an owner',
      { metaMessages: [`owners: ${facts.owners.join(', ')}`] },
    )
  }
  if (facts.threshold !== 1n) {
    return new UsageError(
      FIELD,
      `${where} needs ${facts.threshold} signatures; owner mode signs alone`,
      'use a Safe with threshold 1 for ferry, or leave wallets.evm.account out',
    )
  }
  return undefined
}
