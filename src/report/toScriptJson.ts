import { toPrintableJson } from '../common/format/toPrintableJson.ts'

/**
 * JSON for the inside of a `<script type="application/json">` element: bigints become decimal
 * strings (as in `--json`), and `<`, `>`, `&` and the two JavaScript line separators are written
 * as `\uXXXX` escapes, so no journal string can close the element (`</script>`) or open a comment
 * in it, while `JSON.parse(element.textContent)` still returns the same data. Pure.
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(toPrintableJson(value)).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
