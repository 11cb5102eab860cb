import { redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { authCall, authCallQuietly, type RefusalWords } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { getUser, requireSameOrigin, safeRedirectPath } from '~/features/accounts/guards.server'
import { emailSchema, signInFormSchema, signUpFormSchema } from '~/features/accounts/schema'
import { continueToSecondFactor, signInWaitMessage } from '~/features/accounts/second-factor.server'
import { CheckInbox, ModeLink, SignInForm, SignUpForm } from '~/features/accounts/sign-in-forms'
import { intentAction } from '~/lib/forms/intent-action.server'
import { islandsHandle } from '~/lib/islands-mode'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/auth'

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const signUp = new URLSearchParams(location.search).get('mode') === 'signup'
  return pageMeta({
    title: signUp ? 'Create your client account' : 'Sign in',
    description: `Sign in to the ${business.name} client portal, or create an account to see your consultations, estimates and invoices.`,
    path: '/auth',
    matches,
    noindex: true,
  })
}

// Only ever shown to visitors who are not signed in (the loader sends the others on), so it is served
// in islands mode: its forms are plain HTML posts, and features/accounts/enhance/auth-forms.ts adds
// the strength meter and busy labels without React (docs/frontend-performance.md).
export const handle = islandsHandle

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url)
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'))
  if (await getUser(args)) throw redirect(redirectTo)
  return { mode: url.searchParams.get('mode') === 'signup' ? ('signup' as const) : ('signin' as const), redirectTo }
}

const signInRefusals: RefusalWords = {
  EMAIL_NOT_VERIFIED: 'Confirm your e-mail address first.',
  401: 'The e-mail address or password is not right. Check both and try again.',
  429: signInWaitMessage,
}

export const action = intentAction(
  {
    'sign-in': {
      schema: signInFormSchema,
      secret: ['password'],
      // An address not confirmed yet (403) is answered on the form, which offers a new link.
      onForm: true,
      run: async (ctx, credentials) => {
        const signedIn = await authCall(ctx, '/sign-in/email', credentials, signInRefusals)
        const redirectTo = safeRedirectPath(ctx.values.redirectTo)
        return continueToSecondFactor(signedIn, redirectTo) ?? redirect(redirectTo)
      },
    },
    'sign-up': {
      schema: signUpFormSchema,
      secret: ['password'],
      run: async (ctx, account) => {
        await authCall(ctx, '/sign-up/email', account, {
          400: (refused) => refused.message ?? 'Check the form and try again.',
        })
        return account.email
      },
      done: (signedUpEmail) => ({ signedUpEmail }),
    },
    resend: {
      schema: z.object({ email: emailSchema }),
      invalid: (errors) => errors.email?.[0] ?? 'Enter your e-mail.',
      run: async (ctx, { email }) => {
        await authCallQuietly(ctx, '/send-verification-email', { email })
        return email
      },
      // The same words whether or not the address has an account waiting: nobody learns who has one.
      done: (email) =>
        `If ${email} has an account waiting for confirmation, a new link is on its way. It works once and expires in 24 hours.`,
    },
  },
  { guard: requireSameOrigin },
)

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const result = actionData
  const mode = loaderData.mode
  const redirectQuery =
    loaderData.redirectTo !== '/portal' ? `&redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : ''

  if (result?.signedUpEmail) {
    return <CheckInbox email={result.signedUpEmail} backTo={`/auth?mode=signin${redirectQuery}`} />
  }

  const errorsFor = (intent: string) => (result?.intent === intent ? result : undefined)

  return (
    <AuthShell title={mode === 'signup' ? 'Create your client account' : 'Sign in to your account'}>
      <nav aria-label="Sign in or create an account" className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
        <ModeLink to={`/auth?mode=signin${redirectQuery}`} current={mode === 'signin'}>
          Sign in
        </ModeLink>
        <ModeLink to={`/auth?mode=signup${redirectQuery}`} current={mode === 'signup'}>
          Create account
        </ModeLink>
      </nav>
      {mode === 'signin' ? (
        <SignInForm
          result={errorsFor('sign-in')}
          resend={errorsFor('resend')}
          redirectTo={loaderData.redirectTo}
          busy={busy}
        />
      ) : (
        <SignUpForm result={errorsFor('sign-up')} busy={busy} />
      )}
    </AuthShell>
  )
}
