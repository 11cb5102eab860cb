#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster:
//
//   node scripts/with-postgres.mjs <command...>
//
// initdb in a temp folder (trust auth, UTF8), start it on a free loopback port, run the command with
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres
//   TEST_PG_CTL_DATADIR=<data folder>   TEST_PG_BIN=<bin folder>   TEST_PG_LOG=<server log file>
// (tests stop/start the cluster with `runuser -u postgres -- $TEST_PG_BIN/pg_ctl -D $TEST_PG_CTL_DATADIR …`),
// then stop the cluster and delete the folder, also on failure or Ctrl-C, and exit with the command's
// exit code. Root cannot run PostgreSQL, so as root every server binary runs as user postgres.
// Without PostgreSQL (and no way to install it) it prints a SKIPPED banner and exits 0.
//
// Plain Node ESM with built-ins only: it must run on the machine's Node 20 as well as on Node 24.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { canConnect, freePort } from './lib/server-process.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const preferredVersion = '15'
const command = process.argv.slice(2)

if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command...>')
  process.exit(2)
}

function log(message) {
  console.log(`[with-postgres] ${message}`)
}

function skip(reason) {
  const line = '='.repeat(78)
  console.log(`\n${line}\n${line}\n  SKIPPED: real-PostgreSQL suite — ${reason}\n${line}\n${line}\n`)
  process.exit(0)
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

/** The newest usable bin folder, preferring the version the project targets. */
function findBinDir() {
  const base = '/usr/lib/postgresql'
  const preferred = path.join(base, preferredVersion, 'bin')
  if (fs.existsSync(path.join(preferred, 'postgres'))) return preferred
  let versions = []
  try {
    versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'postgres')))
  } catch {
    return undefined
  }
  versions.sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined
}

function tryInstall() {
  log('PostgreSQL not found: installing it with apt-get (running as root)…')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  let result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
    stdio: 'inherit',
    env,
  })
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env })
    result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
      stdio: 'inherit',
      env,
    })
  }
  return result.status === 0
}

/** uid/gid of a user from /etc/passwd (no external tool needed). */
function lookupUser(name) {
  try {
    for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [user, , uid, gid] = line.split(':')
      if (user === name) return { uid: Number(uid), gid: Number(gid) }
    }
  } catch {
    // no /etc/passwd: treated as missing user
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------

let binDir = findBinDir()
if (!binDir) {
  if (!isRoot) skip('PostgreSQL is not installed (/usr/lib/postgresql/*/bin/postgres) and we are not root')
  if (!tryInstall()) skip('PostgreSQL is not installed and `apt-get install -y postgresql` failed')
  binDir = findBinDir()
  if (!binDir) skip('`apt-get install -y postgresql` ran but no /usr/lib/postgresql/*/bin/postgres appeared')
}

let owner
if (isRoot) {
  owner = lookupUser('postgres')
  if (!owner) skip('running as root but there is no "postgres" user to run the server as')
  const runuser = spawnSync('runuser', ['--help'], { stdio: 'ignore' })
  if (runuser.error) skip('running as root but `runuser` is not available')
}

/** Runs a PostgreSQL binary, as user postgres when we are root. */
function pgCommand(binary, args) {
  const file = path.join(binDir, binary)
  return isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]
}

function runPg(binary, args, { quiet = false } = {}) {
  const [file, argv] = pgCommand(binary, args)
  const result = spawnSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  if (!quiet && result.status !== 0) {
    process.stderr.write(result.stdout ?? '')
    process.stderr.write(result.stderr ?? '')
  }
  return result.status === 0
}

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'with-postgres-'))
const dataDir = path.join(tempDir, 'data')
const logFile = path.join(tempDir, 'postgres.log')
let started = false
let cleanedUp = false

function cleanup() {
  if (cleanedUp) return
  cleanedUp = true
  if (started || fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
    // A test may have left it stopped already: then there is nothing to stop.
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
      if (!runPg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '20', 'stop'], { quiet: true })) {
        runPg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '10', 'stop'], { quiet: true })
      }
    }
  }
  fs.rmSync(tempDir, { recursive: true, force: true })
}

function fail(message) {
  console.error(`[with-postgres] ${message}`)
  if (fs.existsSync(logFile)) {
    console.error(`[with-postgres] server log:\n${fs.readFileSync(logFile, 'utf8')}`)
  }
  cleanup()
  process.exit(1)
}

process.on('exit', cleanup)

let child
let signalled
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const again = signalled !== undefined
    signalled = signal
    if (child && child.exitCode === null) {
      if (again) {
        // Asked twice: the command does not want to stop by itself.
        child.kill('SIGKILL')
        return
      }
      // A Ctrl-C reaches the command as well (same process group); a signal sent to this process
      // alone (kill, a CI runner) is passed on. Then wait for the command to exit, so the cluster
      // stops after the last test closed its connections.
      const running = child
      const timer = setTimeout(
        () => {
          if (running.exitCode === null) running.kill(signal)
        },
        signal === 'SIGINT' ? 1_000 : 0,
      )
      timer.unref()
    } else {
      cleanup()
      process.exit(128 + (os.constants.signals[signal] ?? 1))
    }
  })
}

try {
  if (owner) fs.chownSync(tempDir, owner.uid, owner.gid)
  fs.chmodSync(tempDir, 0o700)
  fs.writeFileSync(logFile, '')
  if (owner) fs.chownSync(logFile, owner.uid, owner.gid)
} catch (error) {
  fail(`could not prepare ${tempDir}: ${error.message}`)
}

if (
  !runPg('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
    '--no-instructions',
  ])
) {
  fail('initdb failed')
}

const port = await freePort()
// Settings live in the cluster's own config so that a plain `pg_ctl -D … start` (tests restart it)
// comes back on the same port and socket folder.
fs.appendFileSync(
  path.join(dataDir, 'postgresql.conf'),
  [
    '',
    '# with-postgres.mjs: throwaway test cluster',
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${tempDir}'`,
    'max_connections = 200',
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    "log_min_messages = 'warning'",
    '',
  ].join('\n'),
)

if (!runPg('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '30', 'start'])) fail('pg_ctl start failed')
started = true

let ready = false
for (let i = 0; i < 100 && !ready; i++) {
  ready = await canConnect(port)
  if (!ready) await new Promise((resolve) => setTimeout(resolve, 100))
}
if (!ready) fail(`PostgreSQL did not accept connections on 127.0.0.1:${port}`)

const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`
log(`PostgreSQL ${path.basename(path.dirname(binDir))} ready at ${databaseUrl} (data in ${dataDir})`)

const env = {
  ...process.env,
  TEST_DATABASE_URL: databaseUrl,
  TEST_PG_CTL_DATADIR: dataDir,
  TEST_PG_BIN: binDir,
  TEST_PG_LOG: logFile,
  // Local tools (vitest, Node 24) first, as under an npm script.
  PATH: [path.join(root, 'node_modules', '.bin'), process.env.PATH].filter(Boolean).join(path.delimiter),
}

const exitCode = await new Promise((resolve) => {
  child = spawn(command[0], command.slice(1), { stdio: 'inherit', env })
  child.once('error', (error) => {
    console.error(`[with-postgres] could not run ${command[0]}: ${error.message}`)
    resolve(127)
  })
  child.once('exit', (code, signal) => {
    resolve(code ?? 128 + (os.constants.signals[signal] ?? 1))
  })
})

cleanup()
log(`stopped PostgreSQL and removed ${tempDir}`)
if (signalled && exitCode === 0) process.exit(128 + (os.constants.signals[signalled] ?? 1))
process.exit(exitCode)
