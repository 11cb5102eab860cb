import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, use, useCallback, useEffect, useState } from 'react'
import { useNavigate, useRevalidator } from 'react-router'
import type { AccountSummary } from '~/features/accounts/status'
import { createQueryClient } from '~/lib/query-client'
import { toast } from '~/lib/toast'
import { fetchProfile, requestSignOut } from './browser-calls'

export const profileQueryKey = ['account', 'profile'] as const

/**
 * On the server a page is rendered once and thrown away: the data cache (a QueryClient, a
 * QueryObserver per reader) would only hand back the profile it was seeded with, at a cost on every
 * signed-in request (docs/perf/signed-in.md, third pass). The server reads the profile from a plain
 * context instead; the browser gets the cache. Both trees have the same shape (a provider with the
 * seed and the page as its two children), so ids made by useId match when the page hydrates.
 */
const ServerAccount = createContext<AccountSummary | null>(null)

/**
 * The data cache for the whole page, seeded with the profile the server rendered with. Whenever the
 * server's answer changes (sign-in, sign-out, a session refresh, a live status change) the cached
 * profile follows it, so signing out clears the user, status and admin flag everywhere at once.
 */
export const AccountProvider = import.meta.env.SSR ? ServerAccountProvider : BrowserAccountProvider

type ProviderProps = { account: AccountSummary | null; children: React.ReactNode }

function ServerAccountProvider({ account, children }: ProviderProps) {
  return (
    <ServerAccount value={account}>
      <NoSeed />
      {children}
    </ServerAccount>
  )
}

function NoSeed() {
  return null
}

function BrowserAccountProvider({ account, children }: ProviderProps) {
  const [queryClient] = useState(createQueryClient)
  useEffect(() => {
    queryClient.setQueryData(profileQueryKey, account)
  }, [queryClient, account])
  return (
    <QueryClientProvider client={queryClient}>
      <ProfileSeed account={account} />
      {children}
    </QueryClientProvider>
  )
}

function ProfileSeed({ account }: { account: AccountSummary | null }) {
  useBrowserAccount(account)
  return null
}

/**
 * The signed-in profile, kept fresh by the data cache (refetched on focus and on status changes).
 * The cache is seeded by the provider first, so every reader gets the provider's profile (on the
 * server: the one the page is rendered with).
 */
export const useAccount: (initial?: AccountSummary | null) => AccountSummary | null = import.meta.env.SSR
  ? useServerAccount
  : useBrowserAccount

function useServerAccount(): AccountSummary | null {
  return use(ServerAccount)
}

function useBrowserAccount(initial?: AccountSummary | null): AccountSummary | null {
  const query = useQuery({
    queryKey: profileQueryKey,
    queryFn: fetchProfile,
    initialData: initial,
    staleTime: 30_000,
  })
  return query.data ?? null
}

/** The sign-out toasts on app pages (islands pages: enhance/signed-in.ts); the session ends on the server. */
export const useSignOut: () => { signOut: () => Promise<void>; pending: boolean } = import.meta.env.SSR
  ? () => serverSignOut
  : useBrowserSignOut

/** Nothing to sign out of while the page is rendered on the server: the button's handler is the browser's. */
const serverSignOut = { signOut: async () => {}, pending: false }

function useBrowserSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const [pending, setPending] = useState(false)
  const signOut = useCallback(async () => {
    setPending(true)
    try {
      await requestSignOut()
      toast({ title: 'Signed out' })
      // Leave any protected page first, so its access check does not race this navigation.
      await navigate('/')
      queryClient.clear()
      queryClient.setQueryData(profileQueryKey, null)
      await revalidator.revalidate()
    } catch {
      toast({ title: 'Error', description: 'There was a problem signing out', variant: 'destructive' })
    } finally {
      setPending(false)
    }
  }, [queryClient, navigate, revalidator])
  return { signOut, pending }
}
