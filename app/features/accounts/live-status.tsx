import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useRevalidator } from 'react-router'
import { type AccountStatus, statusUpdatedToast } from '~/features/accounts/status'
import { toast } from '~/lib/toast'
import { watchAccountStatus } from './browser-calls'

/**
 * Listens to /api/realtime while signed in (app pages; islands pages: enhance/signed-in.ts): when
 * staff change this account, the page refetches the profile, reloads its data and shows the Account
 * Status Updated toast. A new user remounts it (root keys it by user id).
 */
export const LiveAccountStatus: (props: { status: AccountStatus }) => null = import.meta.env.SSR
  ? () => null
  : BrowserLiveAccountStatus

function BrowserLiveAccountStatus({ status }: { status: AccountStatus }) {
  const queryClient = useQueryClient()
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate
  const initial = useRef(status)

  useEffect(
    () =>
      watchAccountStatus(initial.current, (next) => {
        void queryClient.invalidateQueries({ queryKey: ['account'] })
        void revalidate.current()
        toast(statusUpdatedToast(next))
      }),
    [queryClient],
  )

  return null
}
