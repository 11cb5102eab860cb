// The subset of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    method?: string
    headers?: Record<string, string>
    body?: string
  }
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number }
  type Result = {
    requests: Histogram
    latency: Histogram
    non2xx: number
    errors: number
    timeouts: number
    '2xx': number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
