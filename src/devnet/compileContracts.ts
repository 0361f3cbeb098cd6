import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Abi, Hex } from 'viem'
import { FerryError } from '../common/FerryError.ts'
import { packageFile } from '../common/packageFile.ts'

/** One compiled contract: what viem needs to call it and what anvil_setCode places. */
export type ContractArtifact = { abi: Abi; deployedBytecode: Hex }

/** The contracts of src/devnet/contracts by name (e.g. `DlnSource`), interfaces and libraries omitted. */
export type ContractArtifacts = Record<string, ContractArtifact>

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>
  >
}

type Solc = { compile(input: string): string; version(): string }

/** Source folder of the devnet contracts. */
export const CONTRACTS_DIR = packageFile('src', 'devnet', 'contracts')
/** Generated output (gitignored): one `<Name>.json` per contract plus `manifest.json`. */
export const ARTIFACTS_DIR = join(CONTRACTS_DIR, 'artifacts')

// Part of the cache key: changing them must recompile.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } },
} as const

let memo: Promise<ContractArtifacts> | undefined

/**
 * The artifacts of every contract under src/devnet/contracts, compiled with solcjs (optimizer on)
 * when the sources changed since the last build. The cache key is a sha256 of the sources, the
 * solc version and the settings, kept in artifacts/manifest.json; a second call (in any process)
 * only reads the JSON files. Files are written to a temporary name and renamed, so parallel
 * vitest workers never read half a file. Throws a FerryError listing solc's errors.
 */
export function loadContractArtifacts(): Promise<ContractArtifacts> {
  memo ??= loadOrCompile().catch((error: unknown) => {
    memo = undefined
    throw error
  })
  return memo
}

/** Compiles unconditionally and writes the artifacts; returns them. */
export async function compileContracts(): Promise<ContractArtifacts> {
  const sources = await readSources()
  return compileAndWrite(sources, sourcesHash(sources))
}

async function loadOrCompile(): Promise<ContractArtifacts> {
  const sources = await readSources()
  const hash = sourcesHash(sources)
  const cached = await readCached(hash)
  return cached ?? compileAndWrite(sources, hash)
}

async function readSources(): Promise<Record<string, string>> {
  const names = (await readdir(CONTRACTS_DIR)).filter((name) => name.endsWith('.sol')).sort()
  const entries = await Promise.all(
    names.map(async (name) => [name, await readFile(join(CONTRACTS_DIR, name), 'utf8')] as const),
  )
  return Object.fromEntries(entries)
}

function sourcesHash(sources: Record<string, string>): string {
  const hash = createHash('sha256')
  // The package version, not solc.version(): loading solc costs ~0.5 s a cached call avoids.
  hash.update(solcPackageVersion())
  hash.update(JSON.stringify(SETTINGS))
  for (const [name, content] of Object.entries(sources)) hash.update(`${name}\0${content}\0`)
  return hash.digest('hex')
}

async function readCached(hash: string): Promise<ContractArtifacts | undefined> {
  try {
    const manifest = JSON.parse(await readFile(join(ARTIFACTS_DIR, 'manifest.json'), 'utf8')) as {
      hash: string
      contracts: string[]
    }
    if (manifest.hash !== hash) return undefined
    const entries = await Promise.all(
      manifest.contracts.map(async (name) => {
        const text = await readFile(join(ARTIFACTS_DIR, `${name}.json`), 'utf8')
        return [name, JSON.parse(text) as ContractArtifact] as const
      }),
    )
    return Object.fromEntries(entries)
  } catch {
    return undefined
  }
}

async function compileAndWrite(
  sources: Record<string, string>,
  hash: string,
): Promise<ContractArtifacts> {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([n, content]) => [n, { content }])),
    settings: SETTINGS,
  }
  const output = JSON.parse(loadSolc().compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) {
    throw new FerryError('solc failed to compile src/devnet/contracts', {
      details: errors.map((e) => e.formattedMessage).join('\n'),
    })
  }
  const artifacts: ContractArtifacts = {}
  for (const file of Object.values(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(file)) {
      const code = contract.evm.deployedBytecode.object
      // Interfaces have no code; libraries of internal functions have nothing to call.
      const callable = contract.abi.some(
        (item) => item.type === 'function' || item.type === 'event',
      )
      if (code.length === 0 || !callable) continue
      artifacts[name] = { abi: contract.abi, deployedBytecode: `0x${code}` }
    }
  }
  await mkdir(ARTIFACTS_DIR, { recursive: true })
  await Promise.all(
    Object.entries(artifacts).map(([name, artifact]) =>
      writeAtomically(join(ARTIFACTS_DIR, `${name}.json`), JSON.stringify(artifact)),
    ),
  )
  // The manifest goes last: a reader that sees the new hash also sees every artifact.
  const manifest = { hash, solc: loadSolc().version(), contracts: Object.keys(artifacts).sort() }
  await writeAtomically(join(ARTIFACTS_DIR, 'manifest.json'), JSON.stringify(manifest, null, 2))
  return artifacts
}

async function writeAtomically(path: string, content: string): Promise<void> {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  await writeFile(tmp, content)
  await rename(tmp, path)
}

let solc: Solc | undefined

function solcPackageVersion(): string {
  return (createRequire(import.meta.url)('solc/package.json') as { version: string }).version
}

function loadSolc(): Solc {
  // solc ships no type declarations; require keeps its CommonJS entry and gives it a type here.
  solc ??= createRequire(import.meta.url)('solc') as Solc
  return solc
}
