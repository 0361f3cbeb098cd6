// Compiles the devnet's Solidity contracts with solc from npm (npm's prepare step, so a clean
// checkout has the artifacts after `npm ci`). Generated files, never edited by hand.
import { loadContractArtifacts } from '../src/devnet/compileContracts.ts'

const artifacts = await loadContractArtifacts()
process.stdout.write(`devnet contracts ready: ${Object.keys(artifacts).length} artifacts\n`)
