import { redactSecrets } from '../common/redactSecrets.ts'
import type { Alert, AlertLabels } from './alertTypes.ts'

/** Longest text line, characters: an error detail from a node or the service can be long. */
const MAX_LINE_CHARS = 500

/**
 * Censors secrets out of every string of an alert (title, lines, labels): the exact
 * `knownSecrets` (keys, tokens, webhook URLs and their token parts) and secret URL parameters,
 * as the logger does (redactSecrets, safety P-5.3). Caps each line at 500 characters. Pure.
 */
export function scrubAlert(alert: Alert, knownSecrets: readonly string[]): Alert {
  const clean = (text: string): string => {
    const scrubbed = redactSecrets(text, knownSecrets)
    return scrubbed.length > MAX_LINE_CHARS ? `${scrubbed.slice(0, MAX_LINE_CHARS - 1)}…` : scrubbed
  }
  const labels: AlertLabels = {}
  for (const [key, value] of Object.entries(alert.labels)) {
    if (value !== undefined) labels[key as keyof AlertLabels] = clean(value)
  }
  return { ...alert, title: clean(alert.title), text: alert.text.map(clean), labels }
}
