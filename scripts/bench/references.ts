// The reference servers of the HTTP steps, answering the same bytes as ours in the same run: nginx
// (Debian, one worker, gzip_static) and a bare `node:http` server with the bytes in memory
// (./bare-node-server.ts, in its own process on this Node). Both check, before any load, that they send
// exactly what ours sent, with and without Accept-Encoding, or the comparison would mean nothing.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort, root } from '../lib/server-process.mjs'
import { browserAcceptEncoding, rawGet } from './wrk.ts'

/**
 * One path's bytes as ours sends them: `body` plain (no Accept-Encoding), `encoded` what it sends to a
 * browser's Accept-Encoding (gzip for the page cache's pages, br for the hashed assets), when it differs.
 */
export type StaticFile = { body: Buffer; contentType: string; encoded?: { encoding: string; body: Buffer } }

/** `pid`: the process whose tree's CPU time is read around each load (nginx's master and worker). */
export type Reference = { name: string; url: string; pid: number | undefined; stop: () => Promise<void> }

/** nginx from Debian, installed on demand when running as root; null when it cannot be had. */
export function ensureNginx(): string | null {
  const bin = '/usr/sbin/nginx'
  if (fs.existsSync(bin)) return bin
  if (process.getuid?.() !== 0) return null
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env })
  spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'ignore', env })
  return fs.existsSync(bin) ? bin : null
}

/** Writes every body into `www` (index.html for /, `.gz`/`.br` beside the plain file); the file names. */
function writeFiles(www: string, files: Record<string, StaticFile>) {
  const written: Record<string, { name: string; plain: string; encoded?: { encoding: string; file: string } }> = {}
  for (const [urlPath, { body, encoded }] of Object.entries(files)) {
    const name = urlPath === '/' ? 'index.html' : urlPath.replace(/^\//, '')
    const plain = path.join(www, name)
    fs.mkdirSync(path.dirname(plain), { recursive: true })
    fs.writeFileSync(plain, body)
    const suffix = encoded?.encoding === 'gzip' ? '.gz' : encoded?.encoding === 'br' ? '.br' : null
    if (encoded && !suffix) throw new Error(`no reference for the encoding ${encoded.encoding}`)
    if (encoded && suffix) fs.writeFileSync(`${plain}${suffix}`, encoded.body)
    written[urlPath] = {
      name,
      plain,
      ...(encoded && suffix ? { encoded: { encoding: encoded.encoding, file: `${plain}${suffix}` } } : {}),
    }
  }
  return written
}

async function waitForAnswer(url: string, running: () => boolean, what: string) {
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      await rawGet(url)
      return
    } catch {
      if (Date.now() > deadline || !running()) throw new Error(`${what} did not start`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
}

/** Both forms of every path are byte for byte what ours sent, with the same Content-Encoding. */
async function checkSameBytes(reference: Reference, files: Record<string, StaticFile>) {
  for (const [urlPath, file] of Object.entries(files)) {
    for (const acceptEncoding of ['identity', browserAcceptEncoding]) {
      const sent = await rawGet(`${reference.url}${urlPath}`, { 'accept-encoding': acceptEncoding })
      const wanted = acceptEncoding !== 'identity' && file.encoded ? file.encoded : undefined
      const same =
        sent.status === 200 &&
        sent.body.equals(wanted ? wanted.body : file.body) &&
        (sent.headers['content-encoding'] ?? '') === (wanted?.encoding ?? '')
      if (!same) {
        await reference.stop()
        throw new Error(
          `${reference.name} does not serve ${urlPath} as ours does (Accept-Encoding ${acceptEncoding}: status ${sent.status}, ${sent.body.length} bytes, encoding ${sent.headers['content-encoding'] ?? 'none'})`,
        )
      }
    }
  }
}

/**
 * Serves `files` with nginx on a free port: gzip with `gzip_static` (the `.gz` beside the file);
 * Brotli, which Debian's nginx-light has no module for, as the `.br` file chosen by Accept-Encoding
 * with its Content-Encoding header, which is what brotli_static would do.
 */
export async function startNginx(bin: string, files: Record<string, StaticFile>): Promise<Reference> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-nginx-'))
  // Started as root, nginx's worker runs as an unprivileged user: the folder mkdtemp made (0700) must
  // be readable by it, or every request is a 404 of 153 bytes (the reference measured before
  // 2026-11-23 was that, at 66,000-83,000 req/s).
  fs.chmodSync(dir, 0o755)
  const www = path.join(dir, 'www')
  const written = writeFiles(www, files)
  const locations = Object.entries(files).map(([urlPath, { contentType, encoded }]) => {
    const name = written[urlPath]?.name ?? ''
    if (encoded?.encoding === 'br') {
      return `location = ${urlPath} { default_type "${contentType}"; add_header Vary Accept-Encoding; add_header Content-Encoding $br_encoding; try_files /${name}$br_suffix =404; }`
    }
    const gzip = encoded?.encoding === 'gzip' ? ' gzip_static on; gzip_vary on;' : ''
    return `location = ${urlPath} { default_type "${contentType}";${gzip} try_files /${name} =404; }`
  })
  const port = await freePort()
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types {}
  map $http_accept_encoding $br_suffix { "~(^|[\\s,])br(\\s*[;,]|\\s*$)" .br; default ""; }
  map $http_accept_encoding $br_encoding { "~(^|[\\s,])br(\\s*[;,]|\\s*$)" br; default ""; }
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    ${locations.join('\n    ')}
  }
}
`,
  )
  const child = spawn(bin, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGQUIT')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const reference = { name: 'nginx', url, pid: child.pid, stop }
  await waitForAnswer(`${url}/`, () => child.exitCode === null, 'nginx')
  await checkSameBytes(reference, files)
  return reference
}

/** ./bare-node-server.ts in its own process on this Node, the same bytes in memory. */
export async function startBareNode(files: Record<string, StaticFile>): Promise<Reference> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-bare-node-'))
  const written = writeFiles(path.join(dir, 'www'), files)
  const manifest = Object.fromEntries(
    Object.entries(files).map(([urlPath, { contentType }]) => [urlPath, { contentType, ...written[urlPath] }]),
  )
  const manifestFile = path.join(dir, 'manifest.json')
  fs.writeFileSync(manifestFile, JSON.stringify(manifest))
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts/bench/bare-node-server.ts'), manifestFile, String(port)],
    { stdio: 'ignore' },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const reference = { name: 'bare Node', url, pid: child.pid, stop }
  await waitForAnswer(`${url}/`, () => child.exitCode === null, 'the bare Node server')
  await checkSameBytes(reference, files)
  return reference
}
