import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useNavigate, useRevalidator } from 'react-router'
import type { AccountSummary } from '~/features/accounts/status'
import { createQueryClient } from '~/lib/query-client'
import { toast } from '~/lib/toast'
import { fetchProfile, requestSignOut } from './browser-calls'

export const profileQueryKey = ['account', 'profile'] as const

/**
 * The data cache for the whole page, seeded with the profile the server rendered with. Whenever the
 * server's answer changes (sign-in, sign-out, a session refresh, a live status change) the cached
 * profile follows it, so signing out clears the user, status and admin flag everywhere at once.
 */
export function AccountProvider({ account, children }: { account: AccountSummary | null; children: React.ReactNode }) {
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
  useAccount(account)
  return null
}

/** The signed-in profile, kept fresh by the data cache (refetched on focus and on status changes). */
export function useAccount(initial?: AccountSummary | null): AccountSummary | null {
  const query = useQuery({
    queryKey: profileQueryKey,
    queryFn: fetchProfile,
    initialData: initial,
    staleTime: 30_000,
  })
  return query.data ?? null
}

/** The sign-out toasts on app pages (islands pages: enhance/signed-in.ts); the session ends on the server. */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
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
