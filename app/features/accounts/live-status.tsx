import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useRevalidator } from 'react-router'
import { type AccountStatus, accountStatusOf, statusUpdatedToast } from '~/features/accounts/status'
import { toast } from '~/lib/toast'

/**
 * Listens to /api/realtime while signed in: when staff change this account, the page
 * refetches the profile, reloads its data and shows the Account Status Updated toast. EventSource
 * reconnects by itself (a new user remounts it: root keys it by user id); the first message after each connection carries the current status, so a
 * change made while disconnected is noticed too.
 */
export function LiveAccountStatus({ status }: { status: AccountStatus }) {
  const queryClient = useQueryClient()
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate
  const known = useRef(status)

  useEffect(() => {
    const source = new EventSource('/api/realtime')
    source.addEventListener('status', (event) => {
      let next: AccountStatus
      try {
        next = accountStatusOf((JSON.parse((event as MessageEvent<string>).data) as { status?: string }).status)
      } catch {
        return
      }
      if (next === known.current) return
      known.current = next
      void queryClient.invalidateQueries({ queryKey: ['account'] })
      void revalidate.current()
      toast(statusUpdatedToast(next))
    })
    return () => source.close()
  }, [queryClient])

  return null
}
