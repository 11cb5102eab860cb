import { createContext } from 'react-router'
import type { Accounts } from '../../../server/accounts/accounts.server.ts'

/** The account services (Better Auth, onboarding, live status), set by the server for every request. */
export const accountsContext = createContext<Accounts>()

/** What `Accounts.getSession` reads for a request: the session, a sliding refresh's cookies, the access. */
export type SessionRead = Awaited<ReturnType<Accounts['getSession']>>

/**
 * The request's session read, when the server read it before React Router (the page cache keeps
 * public pages per account variant, server/http/page-cache.server.ts): the root middleware then
 * uses it instead of reading again, so the page and the cache's key come from one read.
 */
export const sessionReadContext = createContext<Promise<SessionRead> | null>(null)
