import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * One way to act (ADR 026), as `git grep` sees the code under app/ and server/ (tests aside): no
 * route writes its own intent switch, services have one error class, only the outage rule answers
 * 503, the wait header and the time zone are spelled once. Each exception is named with its reason;
 * a new one fails here until it is either removed or named.
 */

const root = path.resolve(import.meta.dirname, '../..')

/** `file:line: text` of every match of the extended regular expression in app/ and server/, less tests. */
function grep(pattern: string): string[] {
  try {
    return execFileSync(
      'git',
      ['grep', '-n', '-E', pattern, '--', 'app', 'server', ':(exclude)*.test.ts', ':(exclude)*.test.tsx'],
      { cwd: root, encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean)
  } catch (error) {
    // git grep exits with 1 when nothing matches.
    if ((error as { status?: number }).status === 1) return []
    throw error
  }
}

const fileOf = (match: string) => match.slice(0, match.indexOf(':'))
const filesOf = (matches: string[]) => [...new Set(matches.map(fileOf))].sort()

describe('one way to act', () => {
  it('has no per-route intent switch: a page action is a table handed to intentAction', () => {
    expect(grep('switch \\(intent')).toEqual([])
  })

  it('has one error class, DomainError (the boot refusing a setting or a held data folder throws it too)', () => {
    const deliberate: Record<string, string> = {
      'app/lib/domain-error.ts': 'DomainError',
    }
    const classes = grep('class \\w+ extends Error\\b')
    expect(classes.length).toBeGreaterThan(0)
    const found = Object.fromEntries(
      classes.map((match) => [fileOf(match), /class (\w+) extends Error/.exec(match)?.[1] ?? '']),
    )
    expect(found).toEqual(deliberate)
  })

  it('answers 503 only where a database (or the intake before its mail outbox) does not answer', () => {
    // Status 503 written as code (`503` beside `status`, a return, or a Hono answer), comments aside.
    const written = grep('(status:? *=? *503|, 503\\b|StatusCode = 503)').filter(
      (match) => !/^\S+:\d+:\s*(\/\/|\*)/.test(match),
    )
    expect(filesOf(written)).toEqual([
      // The outage rule: a loader's and a form's 503, only for isDatabaseUnavailable.
      'app/entry.server.tsx', // the document's status when a loader failed with isDatabaseUnavailable
      'app/lib/database-outage.server.ts',
      'server/booking/intake.server.ts', // /api/process-form before the mail outbox has started
      'server/http/app.server.ts', // /healthz when the database's ping fails; the API's onError for isDatabaseUnavailable
    ])
  })

  it('spells Retry-After once, beside the outage constant; the sign-in lockout passes on its own wait', () => {
    const spelled = grep('[\'"]Retry-After[\'"]')
    expect(filesOf(spelled)).toEqual([
      'app/lib/database-outage.ts', // retryAfterHeader: every 503 and the intake's rate limit use it
      'server/accounts/accounts.server.ts', // Better Auth's limiter names its wait in X-Retry-After; copied over
      'server/accounts/auth.server.ts', // the per-account sign-in lock's wait
    ])
    expect(grep('[\'"]Retry-After[\'"]').filter((m) => fileOf(m) === 'app/lib/database-outage.ts')).toHaveLength(1)
  })

  it('names the time zone once', () => {
    expect(grep('America/New_York').map(fileOf)).toEqual(['app/lib/time-zone.ts'])
  })
})
