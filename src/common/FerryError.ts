/** Options every ferry error accepts. */
export type FerryErrorOptions = {
  /** Extra `key: value` lines printed under the short message. Never put secrets here. */
  metaMessages?: string[]
  /** One line of free-form detail, usually the message of the cause. */
  details?: string
  cause?: unknown
}

/**
 * Base of every ferry error (viem's BaseError shape): a short one-line message, then detail lines.
 * `shortMessage` is what the CLI prints on one line; `message` holds the whole text.
 */
export class FerryError extends Error {
  override name = 'FerryError'
  readonly shortMessage: string
  readonly metaMessages: string[]
  readonly details: string | undefined

  constructor(shortMessage: string, options: FerryErrorOptions = {}) {
    const lines = [shortMessage]
    if (options.metaMessages?.length) lines.push('', ...options.metaMessages)
    if (options.details) lines.push('', `Details: ${options.details}`)
    super(lines.join('\n'), options.cause === undefined ? undefined : { cause: options.cause })
    this.shortMessage = shortMessage
    this.metaMessages = options.metaMessages ?? []
    this.details = options.details
  }
}
