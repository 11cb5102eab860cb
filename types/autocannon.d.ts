// The subset of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  /** One request of a sequence; setupRequest may change it before each send. */
  type RequestSpec = {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: RequestSpec) => RequestSpec
    onResponse?: (status: number, body: string) => void
  }
  type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    /** Seconds before a request counts as timed out. */
    timeout?: number
    requests?: RequestSpec[]
  }
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number }
  type Result = {
    requests: Histogram & { total: number; sent: number }
    latency: Histogram
    /** Seconds the run took. */
    duration: number
    non2xx: number
    errors: number
    timeouts: number
    '2xx': number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
