import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  type Address,
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  getContractAddress,
  type Hex,
  http,
  parseEther,
  size,
  slice,
} from 'viem'
import { FerryError } from '../common/FerryError.ts'
import type { DevnetEvmAccount } from './devnetAccounts.ts'

const require = createRequire(import.meta.url)

/**
 * The canonical addresses of the Roles v2 libraries the modifier of `@gnosis.pm/zodiac` 4.0.3 is
 * linked to (its creation code calls them by these addresses; docs/safety.md "Treasury accounts").
 */
export const ROLES_V2_LIBRARIES = {
  integrity: '0x6a6Af4b16458Bc39817e4019fB02BD3b26d41049',
  packer: '0x61C5B1bE435391fDd7BC6703F3740C0d11728a8C',
} as const

type Factory = { bytecode: Hex }

/** The published creation code of a Roles v2 library, from `zodiac-roles-sdk` 2.x's typechain. */
function libraryCreationCode(name: 'Integrity__factory' | 'Packer__factory'): Hex {
  const typechain = require('zodiac-roles-sdk/typechain') as Record<string, Factory>
  const code = typechain[name]?.bytecode
  if (!code) throw new FerryError(`zodiac-roles-sdk/typechain ships no ${name}`)
  return code
}

/**
 * The Roles v2 modifier's creation code without constructor arguments, from `@gnosis.pm/zodiac`'s
 * `MasterCopyInitData.roles_v2` (its mastercopy's init code, which carries (0x1, 0x1, 0x1) as
 * constructor arguments: the three trailing words are dropped). The constructor reads its
 * arguments from past its own code length, the PUSH3 before `CODESIZE SUB`.
 */
export function rolesModifierCreationCode(): Hex {
  const zodiac = require('@gnosis.pm/zodiac') as {
    MasterCopyInitData: { roles_v2: { initCode: Hex } }
  }
  const initCode = zodiac.MasterCopyInitData.roles_v2.initCode
  const length = /62([0-9a-f]{6})380380/i.exec(initCode)?.[1]
  if (!length || size(initCode) !== Number.parseInt(length, 16) + 96) {
    throw new FerryError(
      '@gnosis.pm/zodiac: the roles_v2 init code is not (creation code, 3 words)',
    )
  }
  return slice(initCode, 0, Number.parseInt(length, 16))
}

/** ERC-2470's SingletonFactory: Roles v2 stores each packed condition set through it (WriteOnce). */
export const SINGLETON_FACTORY: Address = '0xce0042B868300000d44A59004Da54A005ffdCF9f'
/** ERC-2470's one-time deployer of the SingletonFactory (its pre-signed transaction's sender). */
const SINGLETON_DEPLOYER: Address = '0xBb6e024b9cFFACB947A71991E386681B1Cd1477D'

/**
 * Deploys ERC-2470's SingletonFactory at its canonical address the way the ERC prescribes: the
 * pre-signed, chain-id-free deployment transaction (as `@gnosis.pm/zodiac` ships it in
 * `factory/singletonFactory.js`, which sends it when a chain lacks the factory) is broadcast after
 * its sender is funded with the 0.0247 ETH it pays. Idempotent.
 */
export async function installSingletonFactory(rpcUrl: string): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 100 })
  const placed = await client.getCode({ address: SINGLETON_FACTORY })
  if (placed && placed !== '0x') return
  const source = readFileSync(
    join(dirname(require.resolve('@gnosis.pm/zodiac')), 'factory', 'singletonFactory.js'),
    'utf8',
  )
  const raw = /broadcastTransaction\("(0x[0-9a-f]+)"\)/i.exec(source)?.[1] as Hex | undefined
  if (!raw) throw new FerryError('@gnosis.pm/zodiac: no ERC-2470 deployment transaction found')
  const test = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
  await test.setBalance({ address: SINGLETON_DEPLOYER, value: parseEther('0.0247') })
  const hash = await client.sendRawTransaction({ serializedTransaction: raw })
  await client.waitForTransactionReceipt({ hash })
  const code = await client.getCode({ address: SINGLETON_FACTORY })
  if (!code || code === '0x') {
    throw new FerryError('devnet: the ERC-2470 SingletonFactory was not deployed at its address')
  }
}

/**
 * Places the Roles v2 libraries at their canonical addresses on a devnet chain: each library's
 * published creation code is deployed by `deployer`, and its runtime code is set at the canonical
 * address with anvil_setCode. A library's runtime starts with `PUSH20 <its own address>` (the
 * constructor writes it; Solidity's guard against direct calls), which is rewritten to the
 * canonical address: the code is then what the creation code gives when deployed there.
 * Idempotent.
 */
export async function installRolesLibraries(
  rpcUrl: string,
  deployer: DevnetEvmAccount,
): Promise<void> {
  const test = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
  for (const [name, address] of [
    ['Integrity__factory', ROLES_V2_LIBRARIES.integrity],
    ['Packer__factory', ROLES_V2_LIBRARIES.packer],
  ] as const) {
    const placed = await createPublicClient({ transport: http(rpcUrl) }).getCode({ address })
    if (placed && placed !== '0x') continue
    const deployed = await deployCode(rpcUrl, deployer, libraryCreationCode(name))
    const runtime = await createPublicClient({ transport: http(rpcUrl) }).getCode({
      address: deployed,
    })
    if (
      !runtime ||
      slice(runtime, 0, 21).toLowerCase() !== `0x73${deployed.slice(2)}`.toLowerCase()
    ) {
      throw new FerryError(`${name}: the runtime code does not start with its library address`)
    }
    await test.setCode({ address, bytecode: concat(['0x73', address, slice(runtime, 21)]) })
  }
}

/**
 * Deploys a Roles v2 modifier from `@gnosis.pm/zodiac`'s creation code with the constructor
 * `(owner, avatar, target)`; the libraries must be in place ({@link installRolesLibraries}).
 * Returns its address.
 */
export async function deployRolesModifier(
  rpcUrl: string,
  deployer: DevnetEvmAccount,
  args: { owner: Address; avatar: Address; target: Address },
): Promise<Address> {
  const ctor = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
    [args.owner, args.avatar, args.target],
  )
  return deployCode(rpcUrl, deployer, concat([rolesModifierCreationCode(), ctor]))
}

/** The CREATE2 deployer anvil has at genesis (Arachnid's deterministic-deployment-proxy). */
const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
const SALT: Hex = `0x${'00'.repeat(32)}`

/**
 * Deploys `data` (creation code) through anvil's CREATE2 deployer at salt 0: the address depends
 * on the code alone, so it is the same on every devnet chain whatever the sender's nonce.
 */
async function deployCode(rpcUrl: string, from: DevnetEvmAccount, data: Hex): Promise<Address> {
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: CREATE2_DEPLOYER,
    salt: SALT,
    bytecode: data,
  })
  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 100 })
  const placed = await client.getCode({ address })
  if (placed && placed !== '0x') return address
  const wallet = createWalletClient({ account: from.account, transport: http(rpcUrl) })
  const hash = await wallet.sendTransaction({
    chain: null,
    to: CREATE2_DEPLOYER,
    data: concat([SALT, data]),
    gas: 12_000_000n,
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  const code = await client.getCode({ address })
  if (receipt.status !== 'success' || !code || code === '0x') {
    throw new FerryError('devnet: a Roles v2 deployment failed', { metaMessages: [`tx: ${hash}`] })
  }
  return address
}
