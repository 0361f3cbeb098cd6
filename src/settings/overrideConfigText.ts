import { isMap, isSeq, parseDocument } from 'yaml'
import { UsageError } from '../common/UsageError.ts'

/**
 * The text of a config file with one key set: `path` is dot-separated (`risk.maxCostBps`); inside
 * `strategies` a segment may name an instance by its id (`strategies.usdc-arb-base.params.
 * maxCostBps`) or by index. `value` is read as a number, `true`/`false`, or else a string; a key
 * the file writes as a string stays one.
 * Comments and everything else stay as written. Pure.
 * @throws UsageError when the path goes through something that is not a section or a list.
 */
export function overrideConfigText(text: string, path: string, value: string): string {
  const doc = parseDocument(text)
  const keys: (string | number)[] = []
  let node: unknown = doc.contents
  for (const segment of path.split('.')) {
    if (isSeq(node)) {
      const index = /^[0-9]+$/.test(segment)
        ? Number(segment)
        : node.items.findIndex((item) => isMap(item) && item.get('id') === segment)
      if (index < 0 || index >= node.items.length) {
        throw new UsageError(
          '--grid',
          `${path}: no list item "${segment}"`,
          'name a strategy instance by its id, or an index',
        )
      }
      keys.push(index)
      node = node.items[index]
    } else if (isMap(node) || node === null || node === undefined) {
      keys.push(segment)
      node = isMap(node) ? node.get(segment, true) : undefined
    } else {
      throw new UsageError(
        '--grid',
        `${path}: ${keys.join('.')} is a value, not a section`,
        'give the path of a config key, e.g. risk.maxCostBps',
      )
    }
  }
  // A key written as a string (amounts in base units) stays a string.
  doc.setIn(keys, typeof doc.getIn(keys) === 'string' ? value : readValue(value))
  return doc.toString()
}

function readValue(text: string): string | number | boolean {
  if (/^-?[0-9]+(\.[0-9]+)?$/.test(text)) return Number(text)
  if (text === 'true' || text === 'false') return text === 'true'
  return text
}
