// What other features may use of accounts: the visitor a guarded page let in (a type only, so no
// server code reaches a browser bundle through this file).
export type { CurrentUser } from './guards.server'
