/** What a route handler produces; {@link serveEndpoint} turns it into the HTTP response. */
export type SimAnswer = {
  status: 200 | 400 | 404 | 415 | 429 | 500
  body: unknown
  headers?: Record<string, string>
}
