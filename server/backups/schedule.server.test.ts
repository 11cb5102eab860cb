import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.server.ts'
import { backupCron } from './jobs.server.ts'

describe('the nightly backup schedule (BACKUP_SCHEDULE)', () => {
  it('takes a minute, or a second of it, and makes the cron pg-boss runs', () => {
    expect(loadConfig({ BACKUP_SCHEDULE: '02:30' }).backup.schedule).toEqual({ hour: 2, minute: 30 })
    expect(backupCron({ hour: 2, minute: 30 })).toBe('30 2 * * *')
    expect(loadConfig({ BACKUP_SCHEDULE: '23:05:45' }).backup.schedule).toEqual({ hour: 23, minute: 5, second: 45 })
    expect(backupCron({ hour: 23, minute: 5, second: 45 })).toBe('45 5 23 * * *')
    expect(backupCron({ hour: 0, minute: 0, second: 0 })).toBe('0 0 0 * * *')
  })

  it('stops the boot on a second that is not one, naming the variable', () => {
    for (const value of ['02:30:60', '02:30:5', '02:30:', '02:30:15:00']) {
      expect(() => loadConfig({ BACKUP_SCHEDULE: value }), value).toThrow(/BACKUP_SCHEDULE/)
    }
  })
})
