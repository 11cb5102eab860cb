// Process entry. Run it through npm (npm start / npm run dev) so that Node 24 from node_modules/.bin
// is used; `node server.js` by hand runs whatever node is first on PATH (see README).
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is too old: run the server with "npm start" (Node 24 is brought by the project).`,
  )
  process.exit(1)
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
  const { startServer } = await import('./build/server/index.js')
  await startServer({ getBuild: () => import('./build/server/index.js').then((m) => m.build) })
}
