import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  auditActionNames,
  auditAreaWords,
  auditFilterChoices,
  isAuditAction,
} from '../../app/features/staff/audit-actions.ts'

/**
 * The audit catalogue (app/features/staff/audit-actions.ts) is the only list of actions: every
 * action the code writes is in it (recordAudit's type refuses others; this reads the source too, so
 * a cast cannot slip one past), and the viewer's filter offers every one of them.
 */

const root = path.resolve(import.meta.dirname, '../..')

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/**
 * The quoted `area.verb` names on every `action:` line, in the functions that choose one
 * (`…Action`), and in the calls of a transition's `audit(tx, actor, 'area.verb', …)` (one line or many).
 */
function writtenActions(text: string): string[] {
  const found: string[] = []
  let inChooser = false
  let inAuditCall = false
  for (const line of text.split('\n')) {
    if (/(?:function|const)\s+\w*Action\b.*(?:=>|\{)/.test(line)) inChooser = true
    if (/\.audit\($/.test(line)) inAuditCall = true
    if (inChooser || inAuditCall || /\baction:|\.audit\(/.test(line)) {
      for (const match of line.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) found.push(match[1] ?? '')
    }
    if (inChooser && (line.trim() === '}' || line.trim() === '')) inChooser = false
    if (inAuditCall && line.trim().startsWith(')')) inAuditCall = false
  }
  return found
}

/** Files that write audit rows: through recordAudit, or through a transition's audit (server/db/transition.server.ts). */
const writers = sourceFiles(path.join(root, 'server')).filter((file) =>
  /\brecordAudits?\(|\.audit\(/.test(fs.readFileSync(file, 'utf8')),
)

describe('the audit catalogue', () => {
  it('holds every action the code writes', () => {
    expect(writers.length).toBeGreaterThan(10)
    const written = writers.flatMap((file) =>
      writtenActions(fs.readFileSync(file, 'utf8')).map((action) => ({ file: path.relative(root, file), action })),
    )
    // The reader finds what is there: the workflow's, the editors' and the account pages' actions.
    expect(written.map((w) => w.action)).toEqual(
      expect.arrayContaining(['request.status', 'blog.publish', 'location.unpublish', 'account.role']),
    )
    expect(written.filter((w) => !isAuditAction(w.action))).toEqual([])
  })

  it('reads a name missing from the catalogue as missing', () => {
    expect(writtenActions("    action: enabled ? 'billing.reminders_on' : 'billing.nudge',")).toEqual([
      'billing.reminders_on',
      'billing.nudge',
    ])
    expect(isAuditAction('billing.nudge')).toBe(false)
    expect(writtenActions("    await documents.audit(tx, actor, 'billing.nudge', doc)")).toEqual(['billing.nudge'])
    expect(
      writtenActions("    await documents.audit(\n      tx,\n      decided ? 'billing.accept' : 'billing.nod',\n    )"),
    ).toEqual(['billing.accept', 'billing.nod'])
  })

  it("offers every action and every area in the viewer's filter, each with words", () => {
    const values = auditFilterChoices.map((choice) => choice.value)
    expect(values).toEqual(expect.arrayContaining([...auditActionNames]))
    expect(values).toEqual(expect.arrayContaining(Object.keys(auditAreaWords).map((area) => `${area}.`)))
    expect(auditFilterChoices.every((choice) => choice.words.length > 0)).toBe(true)
  })
})
