// autocannon ships no types; this is the part of its API the benchmarks use (README "API").
declare module 'autocannon' {
  export type AutocannonOptions = {
    url: string
    /** Concurrent connections. Default 10. */
    connections?: number
    /** Requests to send in total; overrides duration. */
    amount?: number
    /** Seconds to run when no amount is given. Default 10. */
    duration?: number
    /** Seconds before a request counts as timed out. Default 10. */
    timeout?: number
  }
  export type AutocannonResult = {
    /** Wall time of the run, in seconds (10 ms resolution). */
    duration: number
    totalCompletedRequests: number
    non2xx: number
    errors: number
    timeouts: number
    '2xx': number
    latency: { p50: number; p99: number; average: number }
  }
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>
}
