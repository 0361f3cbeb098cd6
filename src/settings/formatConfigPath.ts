/**
 * Writes a key path the way an operator reads it: `risk.routes[0].maxCostBps`,
 * `chains.42161.rpcUrls[1]`. The empty path is `(root)`.
 */
export function formatConfigPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else out += out === '' ? String(segment) : `.${String(segment)}`
  }
  return out === '' ? '(root)' : out
}
