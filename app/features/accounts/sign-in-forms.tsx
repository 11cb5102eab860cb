import { MailCheckIcon } from 'lucide-react'
import { Form, Link } from 'react-router'
import type { IntentResult } from '~/lib/forms/intent-action.server'
import { Button } from '~/ui/button'
import { Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { AuthShell } from './auth-shell'
import { NewPasswordField } from './password-field'

/**
 * The steps of /auth (app/routes/auth.tsx): sign in, create an account, and the screen after
 * creating one. Plain HTML forms: the page is served in islands mode, and
 * enhance/auth-forms.ts adds the strength meter and busy labels without React.
 */

type ActionData = IntentResult | undefined

/** After creating an account: the confirmation link is on its way. */
export function CheckInbox({ email, backTo }: { email: string; backTo: string }) {
  return (
    <AuthShell title="Check your inbox">
      <div className="grid gap-4 text-center">
        <MailCheckIcon className="mx-auto size-10 text-primary" aria-hidden="true" />
        <p>
          We sent a confirmation link to <strong>{email}</strong>. Open it to confirm your e-mail address; it works once
          and expires in 24 hours.
        </p>
        <p className="text-muted-foreground text-sm">
          After you confirm, our staff review your account (usually within one business day). You can sign in meanwhile
          to see its status.
        </p>
        <Button asChild variant="outline" size="lg">
          <Link to={backTo}>Back to sign in</Link>
        </Button>
      </div>
    </AuthShell>
  )
}

export function ModeLink({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
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

export function SignInForm({
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

export function SignUpForm({ result, busy }: { result: ActionData; busy: boolean }) {
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
