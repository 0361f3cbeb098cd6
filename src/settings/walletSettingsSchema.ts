import { z } from 'zod'
import { configFields } from './configFields.ts'
import { withFix } from './withFix.ts'

/** Roles mode: the Zodiac Roles modifier v2 enabled on the Safe and the role ferry's key holds. */
const rolesSchema = z.strictObject({
  /** The Roles modifier (v2) whose avatar and target are the Safe, the same on every EVM chain. */
  modifier: configFields.evmAddress,
  /** The role assigned to ferry's key on the modifier, as the modifier stores it (bytes32). */
  roleKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/, {
    error: withFix(
      'is not a bytes32 role key',
      'give 0x and 64 hex digits, the key the role was assigned with (ferry devnet --safe --roles prints it)',
    ),
  }),
})

const safeAccountSchema = z
  .strictObject({
    /** The Safe (1.4.1 or compatible) that holds the funds, on every EVM chain configured. */
    safe: configFields.evmAddress,
    /**
     * `owner`: the key owns the threshold-1 Safe and calls execTransaction itself. `roles`: the
     * key holds `roles.roleKey` on the Roles modifier `roles.modifier` enabled on the Safe and
     * calls its execTransactionWithRole.
     */
    execution: z.enum(['owner', 'roles'], {
      error: withFix(
        'is owner or roles',
        'set execution: owner (the key owns a threshold-1 Safe) or execution: roles with roles: { modifier, roleKey }',
      ),
    }),
    /** Roles mode only: the modifier and the role key. */
    roles: rolesSchema.optional(),
  })
  .superRefine((a, ctx) => {
    if (a.execution === 'roles' && !a.roles) {
      ctx.addIssue({
        code: 'custom',
        path: ['roles'],
        message: withFix(
          'roles execution needs the Roles modifier and the role key',
          'add roles: { modifier: <Roles modifier address>, roleKey: <bytes32 role key> }',
        ),
      })
    }
    if (a.execution === 'owner' && a.roles) {
      ctx.addIssue({
        code: 'custom',
        path: ['roles'],
        message: withFix(
          'is only read with execution: roles',
          'set execution: roles, or remove roles for owner execution',
        ),
      })
    }
  })

/**
 * A signer that holds the key outside ferry (docs/safety.md §5, remote signer): a JSON-RPC server
 * serving `eth_accounts`, `eth_signTransaction` and `eth_signTypedData_v4` (Web3Signer, Clef, an
 * unlocked anvil). Credentials in the URL come from `${VAR}` and are redacted everywhere.
 */
const remoteSignerSchema = z.strictObject({
  /** http(s) URL of the signer; write credentials as `${VAR}`, never inline. */
  url: z.string().url(),
  /** The account the signer signs for; must equal wallets.evm.address. */
  address: configFields.evmAddress,
})

const evmWalletSchema = z
  .strictObject({
    /** Env var holding the hex private key (key ladder step 1, docs/safety.md §5). */
    privateKeyEnv: configFields.envName.optional(),
    /** An encrypted JSON keystore file (key ladder step 2); needs passwordEnv. */
    keystorePath: z.string().min(1).optional(),
    /** Env var holding the keystore password. */
    passwordEnv: configFields.envName.optional(),
    /** Key ladder step 3: a remote signer; ferry never holds the key (docs/safety.md §5). */
    signer: z.strictObject({ remote: remoteSignerSchema }).optional(),
    /** The address the key must derive to; a mismatch refuses to start (P-4.1, P-5.4). */
    address: configFields.evmAddress,
    /**
     * Whose funds ferry moves (docs/safety.md "Treasury accounts"): the key's own address (the
     * default), `{ safe, execution: owner }`: a threshold-1 Safe the key owns and executes for,
     * or `{ safe, execution: roles, roles: { modifier, roleKey } }`: a Safe whose Roles modifier
     * lets the key make the calls of its role; the same addresses on every EVM chain configured.
     */
    account: z.union([configFields.evmAddress, safeAccountSchema]).optional(),
  })
  .superRefine((w, ctx) => {
    if (typeof w.account === 'string' && w.account.toLowerCase() !== w.address.toLowerCase()) {
      ctx.addIssue({
        code: 'custom',
        path: ['account'],
        message: withFix(
          "an address account must be the key's own address",
          'remove wallets.evm.account, or set it to { safe: <Safe address>, execution: owner } (or execution: roles)',
        ),
      })
    }
    const sources = [w.privateKeyEnv, w.keystorePath, w.signer].filter((s) => s !== undefined)
    if (sources.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['privateKeyEnv'],
        message: withFix(
          'give exactly one key source',
          'set privateKeyEnv: <ENV_NAME>, or keystorePath plus passwordEnv, or signer.remote',
        ),
      })
    }
    const remote = w.signer?.remote
    if (remote && remote.address.toLowerCase() !== w.address.toLowerCase()) {
      ctx.addIssue({
        code: 'custom',
        path: ['signer', 'remote', 'address'],
        message: withFix(
          'is not wallets.evm.address',
          'give the same address in wallets.evm.address and wallets.evm.signer.remote.address',
        ),
      })
    }
    if (w.keystorePath !== undefined && w.passwordEnv === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['passwordEnv'],
        message: withFix('a keystore needs its password', 'set passwordEnv: <ENV_NAME>'),
      })
    }
  })

const solanaWalletSchema = z
  .strictObject({
    /** Env var holding the base58 64-byte secret key. */
    secretKeyEnv: configFields.envName.optional(),
    /** A keypair JSON file (solana-keygen format), mode 0600 (P-5.4). */
    keypairPath: z.string().min(1).optional(),
    /** The public key the secret must derive to. */
    address: configFields.solanaAddress,
  })
  .superRefine((w, ctx) => {
    if ((w.secretKeyEnv === undefined) === (w.keypairPath === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['secretKeyEnv'],
        message: withFix(
          'give exactly one key source',
          'set secretKeyEnv: <ENV_NAME> or keypairPath: <file>',
        ),
      })
    }
  })

/**
 * The `wallets` section: one signer per chain family (P-5.1). Keys are never written here, only
 * the names of the env vars or files that hold them. Required with `mode: live` for every family
 * a strategy sends from.
 */
export const walletSettingsSchema = z.strictObject({
  evm: evmWalletSchema.optional(),
  solana: solanaWalletSchema.optional(),
})
export type WalletSettings = z.infer<typeof walletSettingsSchema>
