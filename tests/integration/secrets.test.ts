import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadSecrets } from '../../server/secrets.server.ts'

describe('secrets kept in DATA_DIR', () => {
  let dataDir: string
  const file = () => path.join(dataDir, 'secrets.json')

  beforeEach(() => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-test-')), 'data')
  })
  afterEach(() => {
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true })
  })

  it('generates a secret once, keeps it in secrets.json with mode 0600, and returns it on every load', () => {
    const first = loadSecrets(dataDir, {})
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32)
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600)
    const stored = JSON.parse(fs.readFileSync(file(), 'utf8')) as { authSecret: string }
    expect(stored.authSecret).toBe(first.authSecret)

    const before = fs.readFileSync(file(), 'utf8')
    const second = loadSecrets(dataDir, {})
    expect(second.authSecret).toBe(first.authSecret)
    expect(fs.readFileSync(file(), 'utf8')).toBe(before)
  })

  it('gives another secret to another data folder', () => {
    const a = loadSecrets(dataDir, {})
    const b = loadSecrets(`${dataDir}-other`, {})
    fs.rmSync(`${dataDir}-other`, { recursive: true, force: true })
    expect(a.authSecret).not.toBe(b.authSecret)
  })

  it('uses an explicitly given secret without writing it', () => {
    const given = 'x'.repeat(40)
    expect(loadSecrets(dataDir, { authSecret: given }).authSecret).toBe(given)
    const stored = JSON.parse(fs.readFileSync(file(), 'utf8')) as Record<string, string>
    expect(Object.keys(stored)).toEqual(['consentIpSalt'])
    expect(fs.readFileSync(file(), 'utf8')).not.toContain(given)
  })

  it('generates the consent log IP-hash salt once, beside an older file that lacks it', () => {
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(file(), JSON.stringify({ authSecret: 'z'.repeat(43) }), { mode: 0o600 })
    const first = loadSecrets(dataDir, {})
    expect(first.authSecret).toBe('z'.repeat(43))
    expect(first.consentIpSalt).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(first.consentIpSalt).not.toBe(first.authSecret)
    const stored = JSON.parse(fs.readFileSync(file(), 'utf8')) as Record<string, string>
    expect(stored).toEqual({ authSecret: 'z'.repeat(43), consentIpSalt: first.consentIpSalt })
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600)
    expect(loadSecrets(dataDir, {}).consentIpSalt).toBe(first.consentIpSalt)
    expect(loadSecrets(dataDir, { authSecret: 'g'.repeat(40) }).consentIpSalt).toBe(first.consentIpSalt)
  })

  it('lets a given secret win over a stored one, and leaves the stored one alone', () => {
    const stored = loadSecrets(dataDir, {}).authSecret
    const before = fs.readFileSync(file(), 'utf8')
    const given = 'y'.repeat(40)
    expect(loadSecrets(dataDir, { authSecret: given }).authSecret).toBe(given)
    expect(fs.readFileSync(file(), 'utf8')).toBe(before)
    expect(fs.readFileSync(file(), 'utf8')).not.toContain(given)
    expect(loadSecrets(dataDir, {}).authSecret).toBe(stored)
  })

  it('tightens a secrets file that was left readable by others', () => {
    loadSecrets(dataDir, {})
    fs.chmodSync(file(), 0o644)
    const secrets = loadSecrets(dataDir, {})
    expect(secrets.authSecret.length).toBeGreaterThanOrEqual(32)
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600)
  })
})

describe('a damaged secrets file', () => {
  it('stops with an error naming the file instead of silently replacing the secret', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-test-'))
    try {
      fs.writeFileSync(path.join(dataDir, 'secrets.json'), '{"authSecret": "trunc')
      expect(() => loadSecrets(dataDir, {})).toThrow(path.join(dataDir, 'secrets.json'))
      expect(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toBe('{"authSecret": "trunc')
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
