import { MonitorSmartphoneIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import type { IntentResult } from '~/lib/forms/intent-action.server'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { Textarea } from '~/ui/textarea'
import { NewPasswordField } from './password-field'
import type { AccountSummary } from './status'

// The sections of Account Settings (/account/settings), each a form posting its `intent` to the
// page's action and showing its own answer.

/** A signed-in browser of the account, as the sessions list shows it. */
export type SessionRow = {
  id: string
  device: string
  ipAddress: string | null
  signedIn: string
  lastActive: string
  current: boolean
}

function useSettingsForm(intent: string) {
  const fetcher = useFetcher<IntentResult>()
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined
  useResultToast(result)
  return { fetcher, result, busy: fetcher.state !== 'idle', errors: result?.ok ? undefined : result?.fieldErrors }
}

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

export function ProfileSection({ account }: { account: AccountSummary }) {
  const { fetcher, busy, errors } = useSettingsForm('profile')
  return (
    <Section title="Profile" description="Your name, company and phone number.">
      <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <Field label="Full name" required error={errors?.name}>
          <Input name="name" autoComplete="name" defaultValue={account.name} />
        </Field>
        <Field label="Company name" optional error={errors?.companyName}>
          <Input name="companyName" autoComplete="organization" defaultValue={account.companyName ?? ''} />
        </Field>
        <Field label="Phone" required error={errors?.phone}>
          <Input name="phone" type="tel" autoComplete="tel" defaultValue={account.phone ?? ''} />
        </Field>
        <div className="flex items-end">
          <Button type="submit" disabled={busy}>
            Save profile
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  )
}

export function PasswordSection() {
  const { fetcher, result, busy, errors } = useSettingsForm('password')
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (result?.ok) formRef.current?.reset()
  }, [result])
  return (
    <Section title="Password" description="Changing it signs you out everywhere else.">
      <fetcher.Form method="post" ref={formRef} className="grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="password" />
        <Field label="Current password" required error={errors?.currentPassword}>
          <Input name="currentPassword" type="password" autoComplete="current-password" />
        </Field>
        <NewPasswordField label="New password" name="newPassword" required error={errors?.newPassword} />
        <div>
          <Button type="submit" disabled={busy}>
            Change password
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  )
}

export function EmailSection({ email }: { email: string }) {
  const { fetcher, result, busy, errors } = useSettingsForm('email')
  return (
    <Section title="E-mail address" description={`Currently ${email}. A new address is used once you confirm it.`}>
      <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="email" />
        <Field label="New e-mail address" required error={errors?.newEmail}>
          <Input name="newEmail" type="email" autoComplete="email" />
        </Field>
        <div className="flex items-end">
          <Button type="submit" disabled={busy}>
            Send confirmation link
          </Button>
        </div>
        {result?.ok && (
          <div className="sm:col-span-2">
            <FormMessage tone="success">{result.message}</FormMessage>
          </div>
        )}
      </fetcher.Form>
    </Section>
  )
}
export function SessionsSection({ sessions }: { sessions: SessionRow[] }) {
  const { fetcher, busy } = useSettingsForm('end-session')
  const others = useSettingsForm('end-other-sessions')
  const hasOthers = sessions.some((s) => !s.current)
  return (
    <Section title="Sessions" description="The browsers signed in to your account. End any you do not recognise.">
      <ul className="grid gap-3">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4">
            <div className="flex items-center gap-3">
              <MonitorSmartphoneIcon className="size-5 text-primary" aria-hidden="true" />
              <div className="grid gap-0.5 text-sm">
                <span className="font-semibold">
                  {s.device}
                  {s.current && <span className="ms-2 font-normal text-success">(this browser)</span>}
                </span>
                <span className="text-muted-foreground">
                  {s.ipAddress ?? 'Unknown address'} · signed in {s.signedIn} · last active {s.lastActive}
                </span>
              </div>
            </div>
            {!s.current && (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={s.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`End session: ${s.device}, last active ${s.lastActive}`}
                >
                  End session
                </Button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
      {hasOthers && (
        <others.fetcher.Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button type="submit" variant="outline" disabled={others.busy}>
            End all other sessions
          </Button>
        </others.fetcher.Form>
      )}
    </Section>
  )
}

export function DeletionSection() {
  const { fetcher, result, busy, errors } = useSettingsForm('delete')
  return (
    <Section
      title="Delete account"
      description="Ask us to delete your account and its data. Billing records we must keep by law stay for the legal period."
    >
      {result?.ok ? (
        <FormMessage tone="success">{result.message}</FormMessage>
      ) : (
        <fetcher.Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="delete" />
          <Field label="Anything we should know?" optional error={errors?.reason}>
            <Textarea name="reason" rows={3} maxLength={1000} />
          </Field>
          <div>
            <Button type="submit" variant="destructive" disabled={busy}>
              Request account deletion
            </Button>
          </div>
        </fetcher.Form>
      )}
    </Section>
  )
}
