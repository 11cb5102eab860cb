import { MailCheckIcon } from 'lucide-react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { callAuth, somethingWentWrong, tooManyAttempts } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { getUser, requireSameOrigin, safeRedirectPath } from '~/features/accounts/guards.server'
import { NewPasswordField } from '~/features/accounts/password-field'
import { continueToSecondFactor, isAccountLocked } from '~/features/accounts/second-factor.server'
import { accountLockedMessage } from '~/features/accounts/two-factor'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { FormField, FormMessage } from '~/ui/field'
import { emailSchema, fieldErrors, signInFormSchema, signUpFormSchema } from '../../server/accounts/validation.server'
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

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url)
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo'))
  if (await getUser(args)) throw redirect(redirectTo)
  return { mode: url.searchParams.get('mode') === 'signup' ? ('signup' as const) : ('signin' as const), redirectTo }
}

type ActionData = {
  intent: 'sign-in' | 'sign-up' | 'resend'
  fieldErrors?: Record<string, string>
  formError?: string
  notice?: string
  /** Signed in with the right password, but the e-mail is not confirmed yet. */
  unverifiedEmail?: string
  /** The account was created; the verification e-mail is on its way. */
  signedUpEmail?: string
  values?: Record<string, string>
}

function text(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

export async function action(args: Route.ActionArgs) {
  requireSameOrigin(args)
  const form = await args.request.formData()
  const intent = text(form, 'intent')

  if (intent === 'sign-in') {
    const parsed = signInFormSchema.safeParse({ email: text(form, 'email'), password: text(form, 'password') })
    if (!parsed.success) {
      return data<ActionData>(
        { intent, fieldErrors: fieldErrors(parsed.error), values: { email: text(form, 'email') } },
        { status: 400 },
      )
    }
    const result = await callAuth(args, '/sign-in/email', parsed.data)
    if (result.ok) {
      const redirectTo = safeRedirectPath(text(form, 'redirectTo'))
      throw continueToSecondFactor(result, redirectTo) ?? redirect(redirectTo, { headers: result.headers })
    }
    const values = { email: parsed.data.email }
    if (result.code === 'EMAIL_NOT_VERIFIED') {
      return data<ActionData>({ intent, unverifiedEmail: parsed.data.email, values }, { status: 403 })
    }
    if (result.status === 429) {
      const formError = isAccountLocked(result) ? accountLockedMessage : tooManyAttempts
      return data<ActionData>({ intent, formError, values }, { status: 429 })
    }
    if (result.status === 401) {
      return data<ActionData>(
        { intent, formError: 'The e-mail address or password is not right. Check both and try again.', values },
        { status: 401 },
      )
    }
    return data<ActionData>({ intent, formError: somethingWentWrong, values }, { status: 500 })
  }

  if (intent === 'sign-up') {
    const values = {
      name: text(form, 'name'),
      companyName: text(form, 'companyName'),
      phone: text(form, 'phone'),
      email: text(form, 'email'),
    }
    const parsed = signUpFormSchema.safeParse({ ...values, password: text(form, 'password') })
    if (!parsed.success) {
      return data<ActionData>({ intent, fieldErrors: fieldErrors(parsed.error), values }, { status: 400 })
    }
    const result = await callAuth(args, '/sign-up/email', parsed.data)
    if (result.ok) return data<ActionData>({ intent, signedUpEmail: parsed.data.email })
    if (result.status === 429) return data<ActionData>({ intent, formError: tooManyAttempts, values }, { status: 429 })
    if (result.status === 400) {
      return data<ActionData>(
        { intent, formError: result.message ?? 'Check the form and try again.', values },
        { status: 400 },
      )
    }
    return data<ActionData>({ intent, formError: somethingWentWrong, values }, { status: 500 })
  }

  if (intent === 'resend') {
    const email = emailSchema.safeParse(text(form, 'email'))
    if (!email.success) {
      return data<ActionData>({ intent, formError: email.error.issues[0]?.message }, { status: 400 })
    }
    const result = await callAuth(args, '/send-verification-email', { email: email.data })
    if (result.status === 429) return data<ActionData>({ intent, formError: tooManyAttempts }, { status: 429 })
    // The same words whether or not the address has an account waiting: no enumeration.
    return data<ActionData>({
      intent,
      notice: `If ${email.data} has an account waiting for confirmation, a new link is on its way. It works once and expires in 24 hours.`,
    })
  }

  return data<ActionData>(
    { intent: 'sign-in', formError: 'Unknown request. Reload the page and try again.' },
    { status: 400 },
  )
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const result = actionData as ActionData | undefined
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

  const errorsFor = (intent: ActionData['intent']) => (result?.intent === intent ? result : undefined)

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

function SignInForm({
  result,
  resend,
  redirectTo,
  busy,
}: {
  result: ActionData | undefined
  resend: ActionData | undefined
  redirectTo: string
  busy: boolean
}) {
  const unverified = result?.unverifiedEmail
  return (
    <div className="grid gap-5">
      {result?.formError && <FormMessage tone="error">{result.formError}</FormMessage>}
      {unverified && (
        <FormMessage tone="notice">
          Confirm your e-mail address first: open the link we sent to {unverified}. No e-mail, or the link expired? Ask
          for a new one below.
        </FormMessage>
      )}
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.values?.email}
          error={result?.fieldErrors?.email}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={result?.fieldErrors?.password}
        />
        <Button type="submit" size="lg" disabled={busy}>
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
          {resend?.notice && <FormMessage tone="success">{resend.notice}</FormMessage>}
          {resend?.formError && <FormMessage tone="error">{resend.formError}</FormMessage>}
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

function SignUpForm({ result, busy }: { result: ActionData | undefined; busy: boolean }) {
  const errors = result?.fieldErrors
  const values = result?.values
  return (
    <div className="grid gap-5">
      {result?.formError && <FormMessage tone="error">{result.formError}</FormMessage>}
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="sign-up" />
        <FormField
          label="Full name"
          name="name"
          autoComplete="name"
          required
          defaultValue={values?.name}
          error={errors?.name}
        />
        <FormField
          label="Company name (optional)"
          name="companyName"
          autoComplete="organization"
          defaultValue={values?.companyName}
          error={errors?.companyName}
        />
        <FormField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          defaultValue={values?.phone}
          error={errors?.phone}
        />
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values?.email}
          error={errors?.email}
        />
        <NewPasswordField label="Password" name="password" required error={errors?.password} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
        <p className="text-muted-foreground text-sm">
          We confirm your e-mail address, then our staff approve your account before billing documents appear.
        </p>
      </Form>
    </div>
  )
}
