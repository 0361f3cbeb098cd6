import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'

const ROOT = join(import.meta.dirname, '../../..')
// Names of the devnet's own swap router: its contract, its ABI, its address and its config key.
const DEVNET_ROUTER =
  /SimSwapRouter|simSwapRouterAbi|0x5157000000000000000000000000000000005157|swapRouterAddress/i

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('the devnet is an instance of the live path', () => {
  test('no production file names the devnet router (only src/sim and src/devnet do)', () => {
    const production = [...filesUnder(join(ROOT, 'src')), ...filesUnder(join(ROOT, 'strategies'))]
      .filter((f) => !/^src[/\\](sim|devnet)[/\\]/.test(relative(ROOT, f)))
      .filter((f) => /\.(ts|js|mjs|json)$/.test(f))
    expect(production.length).toBeGreaterThan(100)
    const naming = production.filter((f) => DEVNET_ROUTER.test(readFileSync(f, 'utf8')))
    expect(naming.map((f) => relative(ROOT, f))).toEqual([])
  })
})
