// The slice of autocannon 8's programmatic API that bench/http.ts uses
// (the package ships no types and @types/autocannon is not installed).
declare module "autocannon" {
  interface Options {
    url: string
    connections?: number
    duration?: number
    method?: "GET" | "POST"
    headers?: Record<string, string>
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
