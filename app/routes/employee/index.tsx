import { business } from '~/content/business'
import { guardedUser, publicSummary } from '~/features/accounts/guards.server'
import { pageMeta } from '~/lib/seo'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Employee portal',
    description: `The ${business.name} staff portal.`,
    path: '/employee',
    matches,
    noindex: true,
  })

export async function loader(args: Route.LoaderArgs) {
  const user = guardedUser(args.context)
  return { account: publicSummary(user) }
}

/** Where /portal sends staff who are not administrators. */
export default function EmployeePortal({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-6 py-10">
      <h1 className="font-bold text-3xl tracking-tight">Employee portal</h1>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Signed in as staff</h2>
          </CardTitle>
          <CardDescription>
            {account.name} · {account.email}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p>
            Your staff account is active. Client accounts are approved by an administrator in the Admin Dashboard; ask
            an administrator when a client is waiting.
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
