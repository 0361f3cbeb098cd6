import { createRequire } from 'node:module'
import type { Abi, Address, Hex } from 'viem'
import { rpcCall } from './executorHarness.ts'

/**
 * Two attacker contracts for the value-flow attack tests, compiled with the repo's solcjs:
 * - `Drainer`: a "router" that takes what the forwarder approved it for and pays back dust of
 *   another token (so the wrapped order passes every field check with giveAmount > 0);
 * - `MirrorToken`: a fake give token whose balanceOf mirrors another token's balance (or
 *   allowance) of a chosen account, so the forwarder's output check is met by whatever the
 *   router call did; it accepts every transfer and approval without moving anything, except that
 *   what is pulled with transferFrom comes off the mirrored balance, so the real forwarder's
 *   check that its target pulled the output (docs/dln.md §6) is met as well.
 */
const SOURCE = `
pragma solidity ^0.8.20;
interface IERC20 {
  function balanceOf(address) external view returns (uint256);
  function allowance(address, address) external view returns (uint256);
  function transfer(address, uint256) external returns (bool);
  function transferFrom(address, address, uint256) external returns (bool);
}
contract Drainer {
  function drain(address tokenIn, uint256 amountIn, address to, address dustToken, uint256 dust) external {
    IERC20(tokenIn).transferFrom(msg.sender, to, amountIn);
    IERC20(dustToken).transfer(msg.sender, dust);
  }
}
contract MirrorToken {
  address public watched;
  address public holder;
  address public spender;
  function point(address w, address h, address s) external { watched = w; holder = h; spender = s; pulled = 0; }
  uint256 public pulled;
  function balanceOf(address) external view returns (uint256) {
    if (watched == address(0)) return 0;
    uint256 b = spender == address(0) ? IERC20(watched).balanceOf(holder) : IERC20(watched).allowance(holder, spender);
    return b > pulled ? b - pulled : 0;
  }
  function transfer(address, uint256) external pure returns (bool) { return true; }
  function transferFrom(address, address, uint256 amount) external returns (bool) { pulled += amount; return true; }
  function approve(address, uint256) external pure returns (bool) { return true; }
  function allowance(address, address) external pure returns (uint256) { return 0; }
}
`

type Compiled = { abi: Abi; deployedBytecode: Hex }
let compiled: Record<'Drainer' | 'MirrorToken', Compiled> | undefined

function compile(): Record<'Drainer' | 'MirrorToken', Compiled> {
  if (compiled) return compiled
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'Attack.sol': { content: SOURCE } },
        settings: {
          evmVersion: 'cancun',
          outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } },
        },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<
      string,
      Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>
    >
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const of = (name: string): Compiled => {
    const c = output.contracts['Attack.sol']![name]!
    return { abi: c.abi, deployedBytecode: `0x${c.evm.deployedBytecode.object}` as Hex }
  }
  compiled = { Drainer: of('Drainer'), MirrorToken: of('MirrorToken') }
  return compiled
}

/** Places `name`'s code at `address` on the chain behind `rpcUrl` (anvil_setCode). */
export async function placeAttackContract(
  rpcUrl: string,
  name: 'Drainer' | 'MirrorToken',
  address: Address,
): Promise<Abi> {
  const c = compile()[name]
  await rpcCall(rpcUrl, 'anvil_setCode', [address, c.deployedBytecode])
  return c.abi
}
