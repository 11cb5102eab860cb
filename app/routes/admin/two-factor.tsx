import { ArrowLeftIcon, ShieldOffIcon } from 'lucide-react'
import { useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { accountsContext } from '~/features/accounts/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { intentAction } from '~/lib/forms/intent-action.server'
import type { ActionResult } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/ui/dialog'
import { listSecondFactors, resetSecondFactor } from '../../../server/accounts/two-factor.server'
import type { Route } from './+types/two-factor'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Two-factor sign-in of accounts',
    description: `Who signs in to the ${business.name} portal with a second factor, and resetting it.`,
    path: '/admin/two-factor',
    matches,
    noindex: true,
  })

const roleNames = { admin: 'Admin', employee: 'Employee', client: 'Client' } as const

export async function loader(args: Route.LoaderArgs) {
  const admin = guardedUser(args.context)
  const accounts = args.context.get(accountsContext)
  const rows = await listSecondFactors(accounts.database.db)
  return { rows, me: admin.userId }
}

export const action = intentAction({
  reset: {
    schema: z.object({ userId: z.uuid('Reload the list and try again.') }),
    invalid: 'Unknown request. Reload the page and try again.',
    run: async (ctx, { userId }) => {
      const admin = guardedUser(ctx.context)
      const accounts = ctx.context.get(accountsContext)
      const deps = {
        database: accounts.database,
        outbox: accounts.outbox,
        log: accounts.log,
        publicUrl: accounts.config.publicUrl,
      }
      const { email } = await resetSecondFactor(deps, { userId: admin.userId, email: admin.email }, userId)
      return email
    },
    done: (email) => `Two-factor sign-in of ${email} is reset; they were signed out and told by e-mail.`,
  },
})

export default function AdminTwoFactor({ loaderData }: Route.ComponentProps) {
  const reset = useFetcher<ActionResult>()
  useResultToast(reset.data, { ok: 'Done', failed: 'Not done' })
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-6 py-10">
      <Link to="/admin" className="inline-flex items-center gap-1 font-semibold text-primary text-sm hover:underline">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Admin Dashboard
      </Link>
      <div className="grid gap-1">
        <h1 className="font-bold text-3xl tracking-tight">Two-factor sign-in</h1>
        <p className="text-muted-foreground text-sm">
          Staff accounts, and every client who turned it on. Reset a second factor when its owner lost their phone and
          their backup codes: they are signed out, e-mailed, and (staff) set it up again at their next sign-in. Every
          reset is recorded in the audit log.
        </p>
      </div>
      {loaderData.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-muted-foreground">No accounts to show yet.</p>
      ) : (
        <ul className="grid gap-3">
          {loaderData.rows.map((row) => (
            <li
              key={row.userId}
              className="flex flex-wrap items-center justify-between gap-4 rounded-xl border bg-card p-5 shadow-sm"
            >
              <div className="grid gap-0.5">
                <span className="font-semibold">{row.name}</span>
                <span className="text-muted-foreground text-sm">
                  {row.email} · {roleNames[row.role]}
                </span>
              </div>
              <div className="flex items-center gap-3">
                <Badge variant={row.enabled ? 'default' : 'outline'}>{row.enabled ? 'On' : 'Not set up'}</Badge>
                {row.enabled && row.userId !== loaderData.me && <ResetButton row={row} fetcher={reset} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

type Row = Route.ComponentProps['loaderData']['rows'][number]

function ResetButton({ row, fetcher }: { row: Row; fetcher: ReturnType<typeof useFetcher<ActionResult>> }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          disabled={fetcher.state !== 'idle'}
          aria-label={`Reset second factor of ${row.email}`}
        >
          <ShieldOffIcon aria-hidden="true" />
          Reset
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset the second factor of {row.email}?</DialogTitle>
          <DialogDescription>
            Their authenticator app and backup codes stop working, every session of theirs ends, and they receive an
            e-mail. Do this only when you are sure who asked for it.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="userId" value={row.userId} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive">
              Reset second factor
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
