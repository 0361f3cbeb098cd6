/** What a cluster member reports as it keeps its leases (docs/architecture.md §5). */
export type ClusterEvent =
  | {
      type: 'lease'
      /**
       * acquired: taken (a new token); lost: renewal refused; released: handed over by us;
       * lapsed: no renewal came back within the TTL by this process's own clock (paused, cut off
       * from the database), so it stopped starting sends on the wallet before the lease can
       * expire in the database.
       */
      change: 'acquired' | 'lost' | 'released' | 'lapsed'
      chainId: number
      wallet: string
      holder: string
      token: number
      /** When this process saw the change, ms since the epoch by its own clock. */
      atMs: number
    }
  | {
      /** A wallet whose lease has had no live holder for longer than the TTL. */
      type: 'walletUnheld'
      chainId: number
      wallet: string
      /** How long it has been without a holder, ms by the database clock. */
      unheldMs: number
    }
  | {
      /** This member's view after a turn, told when it changed. */
      type: 'clusterView'
      liveInstances: number
      heldWallets: number
    }
  | {
      /** A turn failed (the database unreachable, say); leases lapse unless a later turn renews. */
      type: 'clusterTurnFailed'
      error: string
    }
