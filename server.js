import { serverV8Flags } from './server-v8-flags.js'

// Process entry. Run it through npm (npm start / npm run dev) so that Node 24 from node_modules/.bin
// is used; `node server.js` by hand runs whatever node is first on PATH (see README).
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is too old: run the server with "npm start" (Node 24 is brought by the project).`,
  )
  process.exit(1)
}

// V8 settings that bound the process's memory (docs/perf/memory.md; the list: server-v8-flags.js): the embedded database's
// WebAssembly stays on V8's baseline compiler (its optimizing tier held 300-400 MiB of compiler
// memory for PostgreSQL's 9 MB of code), the young generation stays at 2 × 16 MiB (V8 sizes it from the
// machine's memory: 128 MiB here), and the old generation is collected before it passes 256 MiB
// (V8 would otherwise let it grow towards its own limit, some GiB on this machine, and keep the pages:
// 524 MiB of resident memory after a minute of signed-in pages, PDFs and bookings, 321 with it, for a
// live heap that runs under a 96 MiB limit; 192 MiB cost a fifth more CPU per signed-in page in
// collections, 256 nothing measurable). glibc's allocator keeps two arenas instead of eight per core,
// each holding freed memory of its own. `--expose-gc` lets the server ask V8 to give back what a burst
// of work grew into once it is quiet (server/idle-collection.server.ts). All are read only at start,
// so the process replaces itself once with them: same process id, signals and output, about 50 ms.
if (!serverV8Flags.every((flag) => process.execArgv.includes(flag))) {
  process.execve(
    process.execPath,
    [process.execPath, ...serverV8Flags, ...process.execArgv, ...process.argv.slice(1)],
    {
      ...process.env,
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    },
  )
}

if (process.env.NODE_ENV === 'development') {
  const { createServer } = await import('vite')
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
  const { startServer } = await vite.ssrLoadModule('./server/main.server.ts')
  await startServer({
    viteMiddlewares: vite.middlewares,
    getBuild: () => vite.ssrLoadModule('virtual:react-router/server-build'),
  })
} else {
  // V8's compiled code for the server bundle, kept beside it (build/.compile-cache): Node then skips
  // parsing and compiling most of its 6 MB at every start, about 0.2 s (docs/perf/boot.md). The first
  // start after a build writes it; Node checks each entry against the file's contents and V8's
  // version and flags, so a new build or Node is never served stale code. Where the folder cannot be
  // written (a read-only image), Node only says so in the status and the server starts as before.
  const { enableCompileCache, flushCompileCache } = await import('node:module')
  const compileCache = enableCompileCache(new URL('./build/.compile-cache', import.meta.url).pathname)
  const { startServer } = await import('./build/server/index.js')
  await startServer({ getBuild: () => import('./build/server/index.js').then((m) => m.build) })
  // Written now rather than at exit: a process that is killed never exits cleanly.
  if (compileCache.directory) setTimeout(() => flushCompileCache(), 2000).unref()
}
