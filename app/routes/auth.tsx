import { MailCheckIcon } from 'lucide-react'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { business } from '~/content/business'
import { authCall, authCallQuietly, type RefusalWords } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { getUser, requireSameOrigin, safeRedirectPath } from '~/features/accounts/guards.server'
import { NewPasswordField } from '~/features/accounts/password-field'
import { emailSchema, signInFormSchema, signUpFormSchema } from '~/features/accounts/schema'
import { continueToSecondFactor, signInWaitMessage } from '~/features/accounts/second-factor.server'
import { intentAction } from '~/lib/forms/intent-action.server'
import { islandsHandle } from '~/lib/islands-mode'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
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

type ActionData = Route.ComponentProps['actionData']

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const result = actionData
  const mode = loaderData.mode
  const redirectQuery =
    loaderData.redirectTo !== '/portal' ? `&redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : ''

  if (result?.signedUpEmail) {
    return (
      <AuthShell title="Check your inbox">
        <div className="grid gap-4 text-center">
          <MailCheckIcon className="mx-auto size-10 text-primary" aria-hidden="true" />
          <p>
            We sent a confirmation link to <strong>{result.signedUpEmail}</strong>. Open it to confirm your e-mail
            address; it works once and expires in 24 hours.
          </p>
          <p className="text-muted-foreground text-sm">
            After you confirm, our staff review your account (usually within one business day). You can sign in
            meanwhile to see its status.
          </p>
          <Button asChild variant="outline" size="lg">
            <Link to={`/auth?mode=signin${redirectQuery}`}>Back to sign in</Link>
          </Button>
        </div>
      </AuthShell>
    )
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

function ModeLink({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className="flex h-10 items-center justify-center rounded-md font-semibold text-muted-foreground text-sm transition-colors hover:text-foreground aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-sm"
    >
      {children}
    </Link>
  )
}

/** Signed in with the right password, but the e-mail is not confirmed yet: the address to send a new link to. */
const unverifiedEmail = (result: ActionData) =>
  result?.ok === false && result.kind === 'forbidden' ? result.values?.email : undefined

/** The form-level message of a refusal: when fields are marked, they say it beside themselves. */
const formError = (result: ActionData) =>
  result?.ok === false && !result.fieldErrors && !unverifiedEmail(result) ? result.message : undefined

function SignInForm({
  result,
  resend,
  redirectTo,
  busy,
}: {
  result: ActionData
  resend: ActionData
  redirectTo: string
  busy: boolean
}) {
  const unverified = unverifiedEmail(result)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  return (
    <div className="grid gap-5">
      {formError(result) && <FormMessage tone="error">{formError(result)}</FormMessage>}
      {unverified && (
        <FormMessage tone="notice">
          Confirm your e-mail address first: open the link we sent to {unverified}. No e-mail, or the link expired? Ask
          for a new one below.
        </FormMessage>
      )}
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="E-mail" required error={errors?.email}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={result && !result.ok ? result.values?.email : undefined}
          />
        </Field>
        <Field label="Password" required error={errors?.password}>
          <Input name="password" type="password" autoComplete="current-password" />
        </Field>
        <Button type="submit" size="lg" disabled={busy} data-busy-label="Signing in…">
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        <Link
          to="/auth/forgot-password"
          className="justify-self-center font-semibold text-primary text-sm hover:underline"
        >
          Forgot your password?
        </Link>
      </Form>
      {(unverified || resend) && (
        <Form method="post" className="grid gap-3 border-t pt-5">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={unverified ?? ''} />
          {resend?.message && <FormMessage tone={resend.ok ? 'success' : 'error'}>{resend.message}</FormMessage>}
          {unverified && (
            <Button type="submit" variant="outline" disabled={busy}>
              Send a new confirmation link
            </Button>
          )}
        </Form>
      )}
    </div>
  )
}

function SignUpForm({ result, busy }: { result: ActionData; busy: boolean }) {
  const refused = result && !result.ok ? result : undefined
  const errors = refused?.fieldErrors
  const values = refused?.values
  return (
    <div className="grid gap-5">
      {formError(result) && <FormMessage tone="error">{formError(result)}</FormMessage>}
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="sign-up" />
        <Field label="Full name" required error={errors?.name}>
          <Input name="name" autoComplete="name" defaultValue={values?.name} />
        </Field>
        <FieldSet legend="This account is for" error={errors?.accountFor}>
          {/* Native radios: the sign-up page works without scripts (an islands page). */}
          <div className="flex gap-6">
            {(
              [
                ['business', 'A company'],
                ['household', 'A household'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="accountFor"
                  value={value}
                  defaultChecked={values?.accountFor === value}
                  className="size-4 accent-primary"
                />
                {label}
              </label>
            ))}
          </div>
        </FieldSet>
        <Field
          label="Company name"
          optional
          hint="Needed for a company; left out for a household."
          error={errors?.companyName}
        >
          <Input name="companyName" autoComplete="organization" defaultValue={values?.companyName} />
        </Field>
        <Field label="Phone" required error={errors?.phone}>
          <Input name="phone" type="tel" autoComplete="tel" defaultValue={values?.phone} />
        </Field>
        <Field label="E-mail" required error={errors?.email}>
          <Input name="email" type="email" autoComplete="email" defaultValue={values?.email} />
        </Field>
        <NewPasswordField label="Password" name="password" required error={errors?.password} />
        <Button type="submit" size="lg" disabled={busy} data-busy-label="Creating your account…">
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
        <p className="text-muted-foreground text-sm">
          We confirm your e-mail address, then our staff approve your account before billing documents appear.
        </p>
      </Form>
    </div>
  )
}
