import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DomainError } from '../../app/lib/domain-error.ts'
import { loadConfig } from '../../server/config.server.ts'

function configError(env: Record<string, string>): DomainError {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError)
    expect((error as DomainError).kind).toBe('invalid')
    return error as DomainError
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`)
}

describe('configuration from the environment', () => {
  it('needs no variable at all: documented defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.dataDir).toBe(path.resolve('./.data'))
    expect(path.isAbsolute(config.dataDir)).toBe(true)
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.smtpUrl).toBeUndefined()
    expect(config.admin).toBeUndefined()
    expect(config.env).toBe('production')
    expect(config.trustProxy).toBe(false)
    expect(config.seedDemo).toBe(true)
  })

  it('derives PUBLIC_URL from PORT, resolves DATA_DIR and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: 'some/dir', DATABASE_URL: '', SMTP_URL: '' })
    expect(config.port).toBe(8080)
    expect(config.publicUrl).toBe('http://localhost:8080')
    expect(config.dataDir).toBe(path.resolve('some/dir'))
    expect(config.databaseUrl).toBeUndefined()
    expect(config.smtpUrl).toBeUndefined()
    expect(loadConfig({ PORT: '' }).port).toBe(3000)
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/' }).publicUrl).toBe('https://example.com')
  })

  it('accepts valid URLs and an admin given in full', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://app:pw@db.internal:5432/app',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'correct horse battery',
    })
    expect(config.databaseUrl).toBe('postgresql://app:pw@db.internal:5432/app')
    expect(config.smtpUrl).toBe('smtps://mailer:pw@smtp.example.com:465')
    expect(config.admin).toEqual({ email: 'owner@example.com', password: 'correct horse battery' })
  })

  it('reads the support mailbox from IMAP_URL, INBOX and the scheme’s port unless it names others', () => {
    expect(loadConfig({}).imap).toBeUndefined()
    expect(loadConfig({ IMAP_URL: 'imaps://support%40ramapo.test:p%40ss@outlook.office365.com' }).imap).toEqual({
      secure: true,
      host: 'outlook.office365.com',
      port: 993,
      user: 'support@ramapo.test',
      password: 'p@ss',
      mailbox: 'INBOX',
    })
    expect(loadConfig({ IMAP_URL: 'imap://u:p@127.0.0.1:1143/Support/Incoming' }).imap).toMatchObject({
      secure: false,
      port: 1143,
      mailbox: 'Support/Incoming',
    })
  })

  it('signs in to the mailbox with OAuth 2.0 when IMAP_AUTH=oauth2 (Microsoft 365’s scope by default)', () => {
    const env = {
      IMAP_URL: 'imaps://support%40ramapo.test@outlook.office365.com/INBOX',
      IMAP_AUTH: 'oauth2',
      IMAP_OAUTH_TOKEN_URL: 'https://login.microsoftonline.com/tenant/oauth2/v2.0/token',
      IMAP_OAUTH_CLIENT_ID: 'client',
      IMAP_OAUTH_CLIENT_SECRET: 'secret',
    }
    expect(loadConfig(env).imap).toEqual({
      secure: true,
      host: 'outlook.office365.com',
      port: 993,
      user: 'support@ramapo.test',
      password: '',
      mailbox: 'INBOX',
      oauth2: {
        tokenUrl: 'https://login.microsoftonline.com/tenant/oauth2/v2.0/token',
        clientId: 'client',
        clientSecret: 'secret',
        scope: 'https://outlook.office365.com/.default',
      },
    })
    expect(loadConfig({ ...env, IMAP_OAUTH_SCOPE: 'https://mail.google.com/' }).imap?.oauth2?.scope).toBe(
      'https://mail.google.com/',
    )
    // Without IMAP_AUTH the password is the way in, and the OAuth 2.0 variables are not read.
    expect(loadConfig({ IMAP_URL: 'imaps://u:p@mail.example.com' }).imap?.oauth2).toBeUndefined()
    const { message } = configError({ ...env, IMAP_AUTH: '' })
    expect(message).toMatch(/^Invalid configuration: IMAP_URL=.* \(or set IMAP_AUTH=oauth2\)$/)
  })

  it('backs up nightly at 02:30 into $DATA_DIR/backups unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: 'some/dir' }).backup).toEqual({
      dir: path.resolve('some/dir/backups'),
      passphrase: undefined,
      schedule: { hour: 2, minute: 30 },
    })
    const config = loadConfig({
      BACKUP_DIR: '/var/backups/site',
      BACKUP_SCHEDULE: '23:05',
      BACKUP_PASSPHRASE: 'a long enough passphrase',
    })
    expect(config.backup).toEqual({
      dir: '/var/backups/site',
      passphrase: 'a long enough passphrase',
      schedule: { hour: 23, minute: 5 },
    })
    expect(loadConfig({ BACKUP_SCHEDULE: 'off' }).backup.schedule).toBeUndefined()
  })

  const invalid: { name: string; env: Record<string, string>; variable: string }[] = [
    { name: 'PORT that is not a number', env: { PORT: 'not-a-port' }, variable: 'PORT' },
    { name: 'PORT out of range', env: { PORT: '70000' }, variable: 'PORT' },
    { name: 'PORT with a fraction', env: { PORT: '80.5' }, variable: 'PORT' },
    {
      name: 'DATABASE_URL of another scheme',
      env: { DATABASE_URL: 'mysql://localhost/app' },
      variable: 'DATABASE_URL',
    },
    { name: 'SMTP_URL of another scheme', env: { SMTP_URL: 'http://mail.example.com' }, variable: 'SMTP_URL' },
    { name: 'IMAP_URL of another scheme', env: { IMAP_URL: 'pop3://u:p@mail.example.com' }, variable: 'IMAP_URL' },
    {
      name: 'IMAP_URL without a password',
      env: { IMAP_URL: 'imaps://support@mail.example.com/INBOX' },
      variable: 'IMAP_URL',
    },
    { name: 'IMAP_AUTH of another kind', env: { IMAP_AUTH: 'kerberos' }, variable: 'IMAP_AUTH' },
    {
      name: 'IMAP_AUTH=oauth2 without a token address',
      env: {
        IMAP_URL: 'imaps://support%40ramapo.test@outlook.office365.com/INBOX',
        IMAP_AUTH: 'oauth2',
        IMAP_OAUTH_CLIENT_ID: 'client',
        IMAP_OAUTH_CLIENT_SECRET: 'secret',
      },
      variable: 'IMAP_OAUTH_TOKEN_URL',
    },
    {
      name: 'IMAP_AUTH=oauth2 without a client secret',
      env: {
        IMAP_URL: 'imaps://support%40ramapo.test@outlook.office365.com/INBOX',
        IMAP_AUTH: 'oauth2',
        IMAP_OAUTH_TOKEN_URL: 'https://login.microsoftonline.com/tenant/oauth2/v2.0/token',
        IMAP_OAUTH_CLIENT_ID: 'client',
      },
      variable: 'IMAP_OAUTH_CLIENT_SECRET',
    },
    {
      name: 'IMAP_AUTH=oauth2 without IMAP_URL',
      env: {
        IMAP_AUTH: 'oauth2',
        IMAP_OAUTH_TOKEN_URL: 'https://login.microsoftonline.com/tenant/oauth2/v2.0/token',
        IMAP_OAUTH_CLIENT_ID: 'client',
        IMAP_OAUTH_CLIENT_SECRET: 'secret',
      },
      variable: 'IMAP_URL',
    },
    {
      name: 'IMAP_OAUTH_TOKEN_URL over plain http to another machine',
      env: { IMAP_OAUTH_TOKEN_URL: 'http://login.example.com/token' },
      variable: 'IMAP_OAUTH_TOKEN_URL',
    },
    {
      name: 'SUPPORT_MAIL_ADDRESS that is no address',
      env: { SUPPORT_MAIL_ADDRESS: 'support' },
      variable: 'SUPPORT_MAIL_ADDRESS',
    },
    {
      name: 'SUPPORT_MAIL_ADDRESS with a + already',
      env: { SUPPORT_MAIL_ADDRESS: 'support+x@example.com' },
      variable: 'SUPPORT_MAIL_ADDRESS',
    },
    {
      name: 'ADMIN_EMAIL without ADMIN_PASSWORD',
      env: { ADMIN_EMAIL: 'owner@example.com' },
      variable: 'ADMIN_PASSWORD',
    },
    { name: 'ADMIN_PASSWORD without ADMIN_EMAIL', env: { ADMIN_PASSWORD: 'long enough pw' }, variable: 'ADMIN_EMAIL' },
    {
      name: 'a commonly used ADMIN_PASSWORD',
      env: { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'password123' },
      variable: 'ADMIN_PASSWORD',
    },
    { name: 'BACKUP_SCHEDULE that is not a time', env: { BACKUP_SCHEDULE: 'nightly' }, variable: 'BACKUP_SCHEDULE' },
    { name: 'BACKUP_SCHEDULE past midnight', env: { BACKUP_SCHEDULE: '24:00' }, variable: 'BACKUP_SCHEDULE' },
    { name: 'a short BACKUP_PASSPHRASE', env: { BACKUP_PASSPHRASE: 'short' }, variable: 'BACKUP_PASSPHRASE' },
  ]
  for (const { name, env, variable } of invalid) {
    it(`rejects ${name} with one line naming ${variable}`, () => {
      const error = configError(env)
      expect(error.fields).toEqual({ [variable]: [error.message] })
      expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${variable}\\b`))
      expect(error.message).not.toMatch(/[\r\n]/)
      expect(error.message.length).toBeLessThan(300)
    })
  }

  it('starts the message with the variable and its value, as the boot error shows it', () => {
    expect(configError({ PORT: 'not-a-port' }).message).toMatch(/^Invalid configuration: PORT="not-a-port" /)
  })

  it('a lone ADMIN_EMAIL mentions both variables', () => {
    const { message } = configError({ ADMIN_EMAIL: 'owner@example.com' })
    expect(message).toContain('ADMIN_EMAIL')
    expect(message).toContain('ADMIN_PASSWORD')
  })

  it('never echoes a password', () => {
    const cases: Record<string, string>[] = [
      { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'short' },
      { ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'hunter2-is-long-enough' },
      { DATABASE_URL: 'mysql://app:hunter2-db@db.internal/app' },
      { DATABASE_URL: 'app:hunter2-db@db.internal:5432/app' },
      { SMTP_URL: 'https://mailer:hunter2-smtp@smtp.example.com' },
      { IMAP_URL: 'pop3://support:hunter2-imap@imap.example.com' },
      { AUTH_SECRET: 'too-short-secret' },
      { BACKUP_PASSPHRASE: 'hunter2' },
      { IMAP_AUTH: 'oauth2', IMAP_OAUTH_CLIENT_SECRET: 'hunter2-oauth-secret' },
    ]
    for (const env of cases) {
      const { message } = configError(env)
      for (const [name, value] of Object.entries(env)) {
        if (name.endsWith('_URL')) {
          const password = /:([^:@]+)@/.exec(value)?.[1] ?? ''
          expect(password).not.toBe('')
          expect(message).not.toContain(password)
          expect(message).toContain(name)
        }
        if (name.includes('PASSWORD') || name.includes('SECRET') || name.includes('PASSPHRASE')) {
          expect(message).not.toContain(value)
        }
      }
    }
  })

  describe('Stripe keys: all three or none', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_51abcdefGHIJKLMN',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcdefGHIJKLMN',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefghIJKLMNOP',
    }
    it('without keys there are no online payments', () => {
      expect(loadConfig({}).stripe).toBeUndefined()
      expect(
        loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).stripe,
      ).toBeUndefined()
    })
    it('reads the three keys, and the API base the tests use', () => {
      const config = loadConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' })
      expect(config.stripe).toEqual({
        secretKey: keys.STRIPE_SECRET_KEY,
        publishableKey: keys.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
        apiBase: { protocol: 'http', host: '127.0.0.1', port: 12111 },
      })
      expect(loadConfig(keys).stripe?.apiBase).toBeUndefined()
    })
    for (const name of Object.keys(keys) as (keyof typeof keys)[]) {
      it(`one missing key (${name}) stops the boot naming it`, () => {
        const { message } = configError({ ...keys, [name]: '' })
        expect(message.split('\n')).toHaveLength(1)
        expect(message).toContain(`${name} is not set`)
        expect(message).toContain('must be set together')
      })
      it(`a wrong ${name} stops the boot naming it, without echoing it`, () => {
        const wrong = `${keys[name].slice(0, 3)}oops`
        const { message } = configError({ ...keys, [name]: wrong })
        expect(message.split('\n')).toHaveLength(1)
        expect(message).toContain(name)
        expect(message).not.toContain(wrong)
      })
    }
    it('refuses a live secret key with a test publishable key', () => {
      const { message } = configError({ ...keys, STRIPE_SECRET_KEY: 'sk_live_51abcdefGHIJKLMN' })
      expect(message).toContain('STRIPE_PUBLISHABLE_KEY')
      expect(message).toContain('mixed')
    })
    it('refuses an API base that is not a URL', () => {
      expect(configError({ ...keys, STRIPE_API_BASE: 'localhost:12111' }).message).toContain('STRIPE_API_BASE')
    })
  })
})
