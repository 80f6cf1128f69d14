// The slice of autocannon 8's programmatic API that bench/http.ts uses
// (the package ships no types and @types/autocannon is not installed).
declare module "autocannon" {
  interface Options {
    url: string
    connections?: number
    duration?: number
    method?: "GET" | "POST"
    headers?: Record<string, string>
    timeout?: number
    /** A sequence each connection walks through (bench/load.ts); the callbacks share a per-connection context. */
    requests?: Array<{
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
      // The context is whatever the callbacks keep in it.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      setupRequest?: (request: any, context: any) => any
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      onResponse?: (status: number, body: string, context: any, headers: any) => void
    }>
  }
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }
  interface Result {
    requests: Histogram & { sent: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
    "2xx": number
  }
  export default function autocannon(options: Options): Promise<Result>
}
