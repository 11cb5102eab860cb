// The bookings the intake benchmark sends (scripts/bench/intake.ts and its open-model generator,
// scripts/bench/open-load.ts): unique valid bodies, and the client addresses they come from.

/** The i-th client address, from 198.18.0.0/15 (set aside for benchmarks, RFC 2544). */
export function clientAddress(i: number): string {
  return `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`
}

/** A unique, valid booking each time: no two bodies are the same, so none is a repeat. */
export function bookingFactory(prefix: string) {
  let n = 0
  const services = ['Managed IT Services', 'Cybersecurity', 'Network & Infrastructure', 'Cloud Solutions']
  return () => {
    n++
    const service = services[n % services.length] ?? 'Cybersecurity'
    return JSON.stringify({
      formType: 'consultation',
      firstName: 'Bench',
      lastName: `Client ${n}`,
      name: `Bench Client ${n}`,
      email: `${prefix}-${n}@bench.example`,
      phone: '(845) 555-0100',
      company: `Bench Company ${n}`,
      employees: (n % 40) + 1,
      services: [service],
      service,
      plan: 'Full Help Desk ($100/user/mo)',
      message: `Benchmark booking number ${n}.`,
      source: 'http://127.0.0.1/book',
      timestamp: new Date().toISOString(),
    })
  }
}
