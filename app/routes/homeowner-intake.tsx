import { redirect } from 'react-router'
import type { Route } from './+types/homeowner-intake'

/** The old homeowner intake address is now the promotional offer: a permanent redirect that keeps
 * the query string (campaign links carry utm_* parameters). */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(`/promotional-offer${url.search}`, 301)
}
