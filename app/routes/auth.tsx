import { MailCheckIcon } from 'lucide-react'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { callAuth, somethingWentWrong, tooManyAttempts } from '~/features/accounts/auth-calls.server'
import { AuthShell } from '~/features/accounts/auth-shell'
import { getUser, requireSameOrigin, safeRedirectPath } from '~/features/accounts/guards.server'
import { NewPasswordField } from '~/features/accounts/password-field'
import { emailSchema, signInFormSchema, signUpFormSchema } from '~/features/accounts/schema'
import { continueToSecondFactor, isAccountLocked } from '~/features/accounts/second-factor.server'
import { accountLockedMessage } from '~/features/accounts/two-factor'
import { checkForm, formValues, readForm, reply } from '~/lib/forms/action.server'
import type { ActionResult } from '~/lib/forms/result'
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

type Intent = 'sign-in' | 'sign-up' | 'resend'

type ActionData = ActionResult & {
  intent: Intent
  /** Signed in with the right password, but the e-mail is not confirmed yet. */
  unverifiedEmail?: string
  /** The account was created; the verification e-mail is on its way. */
  signedUpEmail?: string
}

const answer = (result: ActionData, status?: number) => reply(result, { status })

export async function action(args: Route.ActionArgs) {
  requireSameOrigin(args)
  const values = formValues(await readForm(args.request))
  const intent = values.intent

  if (intent === 'sign-in') {
    const checked = checkForm(signInFormSchema, values, { secret: ['password'] })
    if (!checked.ok) return answer({ intent, ...checked.result })
    const result = await callAuth(args, '/sign-in/email', checked.data)
    if (result.ok) {
      const redirectTo = safeRedirectPath(values.redirectTo)
      throw continueToSecondFactor(result, redirectTo) ?? redirect(redirectTo, { headers: result.headers })
    }
    const kept = { values: { email: checked.data.email } }
    if (result.code === 'EMAIL_NOT_VERIFIED') {
      const message = 'Confirm your e-mail address first.'
      return answer({ intent, ok: false, message, unverifiedEmail: checked.data.email, ...kept }, 403)
    }
    if (result.status === 429) {
      const message = isAccountLocked(result) ? accountLockedMessage : tooManyAttempts
      return answer({ intent, ok: false, message, ...kept }, 429)
    }
    if (result.status === 401) {
      const message = 'The e-mail address or password is not right. Check both and try again.'
      return answer({ intent, ok: false, message, ...kept }, 401)
    }
    return answer({ intent, ok: false, message: somethingWentWrong, ...kept }, 500)
  }

  if (intent === 'sign-up') {
    const checked = checkForm(signUpFormSchema, values, { secret: ['password', 'intent'] })
    if (!checked.ok) return answer({ intent, ...checked.result })
    const { password: _password, ...kept } = checked.data
    const typed = { values: { ...kept, companyName: kept.companyName ?? '' } }
    const result = await callAuth(args, '/sign-up/email', checked.data)
    if (result.ok) return answer({ intent, ok: true, signedUpEmail: checked.data.email })
    if (result.status === 429) return answer({ intent, ok: false, message: tooManyAttempts, ...typed }, 429)
    if (result.status === 400) {
      const message = result.message ?? 'Check the form and try again.'
      return answer({ intent, ok: false, message, ...typed }, 400)
    }
    return answer({ intent, ok: false, message: somethingWentWrong, ...typed }, 500)
  }

  if (intent === 'resend') {
    const email = emailSchema.safeParse(values.email ?? '')
    if (!email.success) {
      return answer({ intent, ok: false, message: email.error.issues[0]?.message ?? 'Enter your e-mail.' }, 400)
    }
    const result = await callAuth(args, '/send-verification-email', { email: email.data })
    if (result.status === 429) return answer({ intent, ok: false, message: tooManyAttempts }, 429)
    // The same words whether or not the address has an account waiting: no enumeration.
    return answer({
      intent,
      ok: true,
      message: `If ${email.data} has an account waiting for confirmation, a new link is on its way. It works once and expires in 24 hours.`,
    })
  }

  return answer({ intent: 'sign-in', ok: false, message: 'Unknown request. Reload the page and try again.' }, 400)
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

/** The form-level message of a refusal: when fields are marked, they say it beside themselves. */
const formError = (result: ActionData | undefined) =>
  result && !result.ok && !result.fieldErrors && !result.unverifiedEmail ? result.message : undefined

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

function SignUpForm({ result, busy }: { result: ActionData | undefined; busy: boolean }) {
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
