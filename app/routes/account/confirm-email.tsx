import { Form, Link, redirect, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { authCall } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { guardedUser } from '~/features/accounts/guards.server'
import { confirmEmailSchema } from '~/features/accounts/schema'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { FormMessage } from '~/ui/field'
import type { Route } from './+types/confirm-email'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Confirm your new e-mail address',
    description: `Confirm the new e-mail address of your ${business.name} account.`,
    path: '/account/confirm-email',
    matches,
    noindex: true,
  })

/** The link from the change-of-e-mail message; it needs the session that asked for the change. */
export async function loader(args: Route.LoaderArgs) {
  const user = guardedUser(args.context)
  const url = new URL(args.request.url)
  const link = confirmEmailSchema.safeParse({
    token: url.searchParams.get('token') ?? '',
    email: url.searchParams.get('email') ?? '',
  })
  return { current: user.email, link: link.success ? link.data : null }
}

export const action = intentAction({
  confirm: {
    schema: confirmEmailSchema,
    invalid: () => invalidLink,
    // An expired, used or taken link is the page's answer (Better Auth refuses it with 400 or 403).
    onForm: true,
    run: async (ctx, link) => {
      await authCall(
        ctx,
        '/email-otp/change-email',
        { newEmail: link.email, otp: link.token },
        {
          400: invalidLink,
          403: invalidLink,
        },
      )
      return redirect('/account/settings?emailChanged=1')
    },
  },
})

const invalidLink =
  'This confirmation link is not valid for your account: it may have expired (links last 24 hours), been used already, or the address may be taken. Ask for a new one in Account Settings.'

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const { link } = loaderData
  return (
    <AuthShell title="Confirm your new e-mail address">
      <div className="grid gap-5">
        {(!link || actionData) && <FormMessage tone="error">{actionData?.message ?? invalidLink}</FormMessage>}
        {link && (
          <>
            <p>
              Change the e-mail address of your account from <strong>{loaderData.current}</strong> to{' '}
              <strong>{link.email}</strong>?
            </p>
            <Form method="post">
              <input type="hidden" name="token" value={link.token} />
              <input type="hidden" name="email" value={link.email} />
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                Confirm new e-mail address
              </Button>
            </Form>
          </>
        )}
        <Link to="/account/settings" className="text-center font-semibold text-primary text-sm hover:underline">
          Back to Account Settings
        </Link>
      </div>
    </AuthShell>
  )
}
