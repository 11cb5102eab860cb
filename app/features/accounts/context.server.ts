import { createContext } from 'react-router'
import type { Accounts } from '../../../server/accounts/accounts.server.ts'

/** The account services (Better Auth, onboarding, live status), set by the server for every request. */
export const accountsContext = createContext<Accounts>()
