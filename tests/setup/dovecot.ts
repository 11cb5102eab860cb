// A throwaway Dovecot (Debian's dovecot-imapd) for the support mailbox's tests, started per test file
// like the throwaway PostgreSQL of scripts/with-postgres.mjs:
//
//   const dovecot = await startDovecot({ users: ['support'] })
//   await dovecot.append('support', rawMessage)          // a message arrives in INBOX
//   dovecot.imapUrl('support')                           // imap://support:…@127.0.0.1:<port>/INBOX
//   await dovecot.stop()                                 // kills it and deletes its folder
//
// A temp folder holds the config, a passwd-file of users (plaintext passwords, plaintext login on
// loopback without TLS) and their maildirs; it listens on a free loopback port. Root does not run
// the server: as root every Dovecot process runs as the unprivileged user `dovecot` (the package's).
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ImapFlow } from 'imapflow'
import { canConnect, freePort } from '../../scripts/lib/server-process.mjs'

const dovecotBinary = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot'

export type TestDovecot = {
  host: string
  port: number
  /** Each user's password (generated). */
  passwords: Map<string, string>
  /** The IMAP_URL a reader uses for the user's mailbox (plain IMAP on loopback). */
  imapUrl(user: string, mailbox?: string): string
  /** APPENDs a raw RFC 5322 message into the user's mailbox (INBOX by default); its UID. */
  append(user: string, raw: string | Buffer, mailbox?: string, flags?: string[]): Promise<number | undefined>
  /** A logged-in client of the user's mailbox (the caller logs out). */
  client(user: string): Promise<ImapFlow>
  /** The messages of a mailbox: uid, flags and Message-ID. */
  list(user: string, mailbox?: string): Promise<{ uid: number; flags: Set<string>; messageId: string | undefined }[]>
  /** The server's log (for a failed test's message). */
  log(): string
  stop(): Promise<void>
}

function lookupUser(name: string): { uid: number; gid: number } | undefined {
  for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [user, , uid, gid] = line.split(':')
    if (user === name) return { uid: Number(uid), gid: Number(gid) }
  }
  return undefined
}

export type DovecotOptions = {
  users?: string[]
  /**
   * Also take OAuth 2.0 sign-ins (XOAUTH2, the one Microsoft 365 offers) as Google and Microsoft do: Dovecot's
   * oauth2 passdb asks this token introspection address (RFC 7662, a POST of `token=…`) whether a
   * token is good; the answer's `username` must be the user signing in. Passwords keep working.
   */
  oauth2?: { introspectionUrl: string }
}

export async function startDovecot({ users = ['support'], oauth2 }: DovecotOptions = {}): Promise<TestDovecot> {
  if (!fs.existsSync(dovecotBinary)) {
    throw new Error(
      `Dovecot is missing (${dovecotBinary}): the support mailbox tests need a real IMAP server. ` +
        'Install it with `apt-get install -y dovecot-imapd` (npm test installs it when run as root).',
    )
  }
  const isRoot = process.getuid?.() === 0
  const owner = isRoot ? lookupUser('dovecot') : { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 }
  if (!owner) throw new Error('running as root but there is no "dovecot" user to run Dovecot as')
  const userName = isRoot ? 'dovecot' : os.userInfo().username
  const groupName = isRoot ? 'dovecot' : (readGroupName(owner.gid) ?? userName)

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'with-dovecot-'))
  const port = await freePort()
  const passwords = new Map(users.map((user) => [user, randomBytes(12).toString('hex')]))
  fs.mkdirSync(path.join(dir, 'run'))
  fs.mkdirSync(path.join(dir, 'state'))
  fs.mkdirSync(path.join(dir, 'mail'))
  fs.writeFileSync(
    path.join(dir, 'users'),
    [...passwords]
      .map(([user, pass]) => `${user}:{PLAIN}${pass}:${owner.uid}:${owner.gid}::${path.join(dir, 'mail', user)}\n`)
      .join(''),
  )
  if (oauth2) {
    fs.writeFileSync(
      path.join(dir, 'oauth2.conf'),
      `introspection_mode = post
introspection_url = ${oauth2.introspectionUrl}
username_attribute = username
active_attribute = active
active_value = true
`,
    )
  }
  const logFile = path.join(dir, 'dovecot.log')
  fs.writeFileSync(
    path.join(dir, 'dovecot.conf'),
    `# tests/setup/dovecot.ts: throwaway IMAP server
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${logFile}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? ' xoauth2' : ''}
auth_failure_delay = 0
auth_cache_size = 0
default_internal_user = ${userName}
default_internal_group = ${groupName}
default_login_user = ${userName}
first_valid_uid = 1
first_valid_gid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users${oauth2 ? '\n  mechanisms = plain login' : ''}
}
${
  oauth2
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${dir}/oauth2.conf
}
`
    : ''
}userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  separator = /
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service stats {
  chroot =
}
`,
  )
  fs.writeFileSync(logFile, '')
  chownTree(dir, owner.uid, owner.gid)

  const child: ChildProcess = spawn(dovecotBinary, ['-F', '-c', path.join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(isRoot ? { uid: owner.uid, gid: owner.gid } : {}),
  })
  let output = ''
  child.stdout?.on('data', (d) => {
    output += String(d)
  })
  child.stderr?.on('data', (d) => {
    output += String(d)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // A test run that ends without stop() (a crash, a timed-out teardown) must not leave it running.
  const killOnExit = () => child.kill('SIGTERM')
  process.once('exit', killOnExit)
  void exited.then(() => process.off('exit', killOnExit))
  const readLog = () => {
    try {
      return output + fs.readFileSync(logFile, 'utf8')
    } catch {
      return output
    }
  }

  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }

  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) {
      const log = readLog()
      await stop()
      throw new Error(`Dovecot exited at start-up:\n${log}`)
    }
    if (await canConnect(port)) break
    if (Date.now() > deadline) {
      const log = readLog()
      await stop()
      throw new Error(`Dovecot did not listen on 127.0.0.1:${port} within 15 s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }

  const client = async (user: string) => {
    const pass = passwords.get(user)
    if (!pass) throw new Error(`no test mailbox user ${user}`)
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass },
      logger: false,
      // Plain IMAP on loopback: nothing to upgrade to.
      doSTARTTLS: false,
    })
    await imap.connect()
    return imap
  }

  return {
    host: '127.0.0.1',
    port,
    passwords,
    imapUrl(user, mailbox = 'INBOX') {
      const pass = passwords.get(user) ?? ''
      return `imap://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}/${encodeURIComponent(mailbox)}`
    },
    async append(user, raw, mailbox = 'INBOX', flags = []) {
      const imap = await client(user)
      try {
        if (mailbox !== 'INBOX') await imap.mailboxCreate(mailbox).catch(() => undefined)
        const result = await imap.append(mailbox, raw, flags)
        return result ? result.uid : undefined
      } finally {
        await imap.logout()
      }
    },
    client,
    async list(user, mailbox = 'INBOX') {
      const imap = await client(user)
      try {
        const lock = await imap.getMailboxLock(mailbox)
        try {
          const rows: { uid: number; flags: Set<string>; messageId: string | undefined }[] = []
          if (imap.mailbox && imap.mailbox.exists > 0) {
            for await (const message of imap.fetch('1:*', { uid: true, flags: true, envelope: true })) {
              rows.push({ uid: message.uid, flags: message.flags ?? new Set(), messageId: message.envelope?.messageId })
            }
          }
          return rows
        } finally {
          lock.release()
        }
      } finally {
        await imap.logout()
      }
    },
    log: readLog,
    stop,
  }
}

function readGroupName(gid: number): string | undefined {
  try {
    for (const line of fs.readFileSync('/etc/group', 'utf8').split('\n')) {
      const [name, , id] = line.split(':')
      if (Number(id) === gid) return name
    }
  } catch {
    // no /etc/group: the caller falls back to the user's name
  }
  return undefined
}

function chownTree(dir: string, uid: number, gid: number): void {
  if (process.getuid?.() !== 0) return
  fs.chownSync(dir, uid, gid)
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) chownTree(full, uid, gid)
    else fs.chownSync(full, uid, gid)
  }
}
