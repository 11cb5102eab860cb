// What other features may use of operations (the sync-status page's backup panel in features/staff).
export { BACKUP_STALE_HOURS, backupTriggerLabels } from './backup-runs'
