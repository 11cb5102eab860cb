import { redirect } from 'react-router'
import { getUser } from '~/features/accounts/guards.server'
import type { Route } from './+types/portal'

/** The right home for whoever asks: admin → /admin, staff → /employee, client → /dashboard, signed out → /auth. */
export async function loader(args: Route.LoaderArgs) {
  const user = await getUser(args)
  if (!user) throw redirect('/auth')
  if (user.role === 'admin') throw redirect('/admin')
  if (user.role === 'employee') throw redirect('/employee')
  throw redirect('/dashboard')
}
