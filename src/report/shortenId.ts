/**
 * `0xa239c7…05a3` for a long hash, order id or address, so table columns stay narrow; the full
 * value goes in the cell's hover title. Shorter values are returned as they are. Pure.
 */
export function shortenId(id: string, head = 8, tail = 4): string {
  return id.length <= head + tail + 1 ? id : `${id.slice(0, head)}…${id.slice(-tail)}`
}
