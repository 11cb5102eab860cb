import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { backupFileName, backupTimeOf, isoWeek, pruneBackups } from './backup.server.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function folderWith(dates: Date[], others: string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prune-'))
  dirs.push(dir)
  for (const at of dates) fs.writeFileSync(path.join(dir, backupFileName(at, false)), '')
  for (const name of others) fs.writeFileSync(path.join(dir, name), '')
  return dir
}

describe('backup file names', () => {
  it('carry the UTC time, read back the same', () => {
    const at = new Date('2026-11-27T08:15:30.456Z')
    expect(backupFileName(at, false)).toBe('ramapo-backup-20261127T081530Z.tar.gz')
    expect(backupFileName(at, true)).toBe('ramapo-backup-20261127T081530Z.tar.gz.age')
    expect(backupTimeOf('ramapo-backup-20261127T081530Z.tar.gz.age')?.toISOString()).toBe('2026-11-27T08:15:30.000Z')
    // Format 1 files (plain tar) and a second backup of the same second are still backups to prune.
    expect(backupTimeOf('ramapo-backup-20261127T081530Z.tar.age')?.toISOString()).toBe('2026-11-27T08:15:30.000Z')
    expect(backupTimeOf('ramapo-backup-20261127T081530Z.tar')?.toISOString()).toBe('2026-11-27T08:15:30.000Z')
    expect(backupTimeOf('ramapo-backup-20261127T081530Z-1.tar.gz')?.toISOString()).toBe('2026-11-27T08:15:30.000Z')
    expect(backupTimeOf('ramapo-backup-20261127T081530Z.tar.gz.partial')).toBeUndefined()
    expect(backupTimeOf('notes.txt')).toBeUndefined()
  })

  it('puts dates in ISO weeks, Monday first', () => {
    expect(isoWeek(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48') // a Monday
    expect(isoWeek(new Date('2026-11-29T23:00:00Z'))).toBe('2026-W48') // the Sunday after
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53')
  })
})

describe('pruning BACKUP_DIR', () => {
  it('keeps the newest of each of 7 days and of 4 weeks, and files of other names', () => {
    // Two a day (nightly and a manual one) for 60 days up to 2026-11-27.
    const dates: Date[] = []
    for (let day = 0; day < 60; day++) {
      const night = new Date(Date.UTC(2026, 10, 27 - day, 7, 30))
      dates.push(night, new Date(night.getTime() + 3 * 3_600_000))
    }
    const dir = folderWith(dates, ['notes.txt'])
    const deleted = pruneBackups(dir)
    const kept = fs.readdirSync(dir).sort()
    expect(kept).toContain('notes.txt')
    const keptTimes = kept.flatMap((name) => backupTimeOf(name) ?? []).map((at) => at.toISOString())
    // Seven days, each by its later backup of the day.
    const days = ['27', '26', '25', '24', '23', '22', '21'].map((d) => `2026-11-${d}T10:30:00.000Z`)
    for (const day of days) expect(keptTimes).toContain(day)
    // Four weeks: this one (its newest is today's) and the three before, each by its newest (Sunday);
    // the 22nd is one of the seven days as well.
    for (const sunday of ['2026-11-22T10:30:00.000Z', '2026-11-15T10:30:00.000Z', '2026-11-08T10:30:00.000Z']) {
      expect(keptTimes).toContain(sunday)
    }
    expect(keptTimes).toHaveLength(9)
    expect(deleted).toHaveLength(120 - 9)
    // A second run finds nothing more to delete.
    expect(pruneBackups(dir)).toEqual([])
  })

  it('deletes nothing while there are fewer backups than it keeps', () => {
    const dir = folderWith([new Date('2026-11-25T07:30:00Z'), new Date('2026-11-26T07:30:00Z')])
    expect(pruneBackups(dir)).toEqual([])
    expect(fs.readdirSync(dir)).toHaveLength(2)
  })
})
