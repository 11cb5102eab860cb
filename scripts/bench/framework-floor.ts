// The framework's floor for scripts/bench/signed-in.ts: a tiny React Router app (one root layout with
// Meta, Links, Scripts and ScrollRestoration, one index page with a loader of a few fields, no
// database, no session, no page frame) served through the same host path as ours: @hono/node-server,
// a Hono app, the same compression of rendered pages (server/http/page-compression.server.ts) and
// React Router's request handler for a fixed build, rendered with renderToPipeableStream as
// app/entry.server.tsx does. What a signed-in page costs above this is ours; this much any React
// Router page pays on this machine.
//
//   node scripts/bench/framework-floor.ts <port>     (prints "listening" when it answers)
import { PassThrough } from 'node:stream'
import { serve } from '@hono/node-server'
import { createReadableStreamFromReadable } from '@react-router/node'
import { Hono } from 'hono'
import { createElement as h } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import {
  createRequestHandler,
  type EntryContext,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ServerBuild,
  ServerRouter,
  useLoaderData,
} from 'react-router'
import { compressAnswers } from '../../server/http/page-compression.server.ts'

function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(h(ServerRouter, { context, url: request.url }), {
      onShellReady() {
        const body = new PassThrough()
        headers.set('Content-Type', 'text/html; charset=utf-8')
        pipe(body)
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }))
      },
      onShellError: reject,
    })
  })
}

function Root() {
  return h(
    'html',
    { lang: 'en-US' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h(Meta), h(Links)),
    h('body', null, h(Outlet), h(ScrollRestoration), h(Scripts)),
  )
}

function Home() {
  const data = useLoaderData<typeof homeLoader>()
  return h('main', null, h('h1', null, `Welcome, ${data.name}`), h('p', null, `${data.invoices} open invoices.`))
}

function homeLoader() {
  return { name: 'Client', invoices: 2 }
}

const routeAssets = (id: string, parentId: string | undefined, index: boolean | undefined, hasLoader: boolean) => ({
  id,
  parentId,
  path: index ? undefined : '',
  index,
  module: `/assets/${id}.js`,
  imports: [],
  css: [],
  hasAction: false,
  hasLoader,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  hasDefaultExport: true,
})

const build = {
  entry: { module: { default: handleRequest } },
  routes: {
    root: { id: 'root', path: '', module: { default: Root } },
    home: { id: 'home', parentId: 'root', index: true, module: { default: Home, loader: homeLoader } },
  },
  assets: {
    entry: { module: '/assets/entry.client.js', imports: [] },
    routes: { root: routeAssets('root', undefined, undefined, false), home: routeAssets('home', 'root', true, true) },
    url: '/assets/manifest.js',
    version: 'floor',
  },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
} as unknown as ServerBuild

const handler = createRequestHandler(build, 'production')
const app = new Hono()
app.use(compressAnswers())
app.all('*', (c) => handler(c.req.raw))

const port = Number(process.argv[2])
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => process.stdout.write('listening\n'))
process.on('SIGTERM', () => process.exit(0))
