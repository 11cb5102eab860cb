// The V8 settings server.js restarts itself with (docs/perf/memory.md; what each is for is said there
// and in server.js). One list: the build warms Node's compile cache with exactly these
// (scripts/build-database-template.ts), since Node uses a cache entry only in a process with the
// flags it was made with, and the benchmarks start their references with them.
export const serverV8Flags = ['--liftoff-only', '--max-semi-space-size=16', '--max-old-space-size=256', '--expose-gc']
