// The framework's floor for scripts/bench/signed-in.ts: a tiny React Router app (one root layout with
// Meta, Links, Scripts and ScrollRestoration, one index page with a loader of a few fields, no
// database, no session, no page frame) served through the same host path as ours: @hono/node-server,
// a Hono app, the same compression of rendered pages (server/http/page-compression.server.ts) and
// React Router's request handler for a fixed build, rendered with renderToPipeableStream as
// app/entry.server.tsx does. What a signed-in page costs above this is ours; this much any React
// Router page pays on this machine.
//
// With `--routes-of <manifest.js>` (the build's client manifest, build/client/assets/manifest-*.js) the
// same tiny pages sit in our route table instead: every route of ours, with its id, parent, path and
// index, each module a layout that renders its outlet and, for a page, the same two fields. React
// Router matches a request against every branch and converts the whole table for each render, so
// this floor is what a page of an app with our routes pays before any of our own code runs.
//
//   node scripts/bench/framework-floor.ts <port> [--routes-of <manifest.js>]   (prints "listening")
import fs from 'node:fs'
import { PassThrough } from 'node:stream'
import { serve } from '@hono/node-server'
import { createReadableStreamFromReadable } from '@react-router/node'
import { Hono } from 'hono'
import { Fragment, createElement as h } from 'react'
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

/** A route of ours in the floor: a layout renders its outlet; a page (no children) the same two fields as Home. */
function Nested() {
  const data = useLoaderData<typeof homeLoader | undefined>()
  return h(Fragment, null, data ? h(Home) : null, h(Outlet))
}

type RouteShape = { id: string; parentId?: string; path?: string; index?: boolean }

/** Our route table from the build's client manifest (`window.__reactRouterManifest={...};`). */
function routesOf(manifestFile: string): RouteShape[] {
  const text = fs.readFileSync(manifestFile, 'utf8')
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)
  const manifest = JSON.parse(json) as { routes: Record<string, RouteShape> }
  return Object.values(manifest.routes).map(({ id, parentId, path, index }) => ({ id, parentId, path, index }))
}

const routesFlag = process.argv.indexOf('--routes-of')
const table: RouteShape[] =
  routesFlag === -1
    ? [
        { id: 'root', path: '' },
        { id: 'home', parentId: 'root', index: true },
      ]
    : routesOf(String(process.argv[routesFlag + 1]))
const parents = new Set(table.map((route) => route.parentId))
const isPage = (route: RouteShape) => route.id !== 'root' && !parents.has(route.id)

const build = {
  entry: { module: { default: handleRequest } },
  routes: Object.fromEntries(
    table.map((route) => [
      route.id,
      {
        ...route,
        module:
          route.id === 'root'
            ? { default: Root }
            : routesFlag === -1
              ? { default: Home, loader: homeLoader }
              : { default: Nested, ...(isPage(route) ? { loader: homeLoader } : {}) },
      },
    ]),
  ),
  assets: {
    entry: { module: '/assets/entry.client.js', imports: [] },
    routes: Object.fromEntries(
      table.map((route) => [
        route.id,
        { ...routeAssets(route.id, route.parentId, route.index, isPage(route)), path: route.path },
      ]),
    ),
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
