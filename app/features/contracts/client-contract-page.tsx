import { PenLineIcon, XIcon } from 'lucide-react'
import { Form, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { formatCalendarDate } from '~/lib/business-time'
import type { IntentResult } from '~/lib/forms/intent-action.server'
import { Button } from '~/ui/button'
import { Checkbox } from '~/ui/checkbox'
import { Choice, ErrorSummary, Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { ReasonDialog } from '~/ui/reason-dialog'
import { signatureConsent } from './consent'
import type { ShownContractStatus } from './states'

// The client's contract page (/billing/contracts/{id}): where the contract stands, and the form that
// signs or declines it.

/** What the client's page knows of a contract's outcome. */
export type ClientContractOutcome = {
  shown: ShownContractStatus
  expiresOn: string
  withdrawReason: string | null
  declineReason: string | null
  signature: { name: string | null; at: string } | null
  countersignature: { name: string | null; at: string } | null
}

export function StatusNotice({ data }: { data: ClientContractOutcome }) {
  if (data.shown === 'expired') {
    return (
      <FormMessage tone="notice">
        This contract could be signed until {formatCalendarDate(data.expiresOn)} and can no longer be signed. Call us at{' '}
        {business.phone} for a new one.
      </FormMessage>
    )
  }
  if (data.shown === 'withdrawn') {
    return (
      <FormMessage tone="notice">
        We withdrew this contract: {data.withdrawReason}. Nothing is needed from you.
      </FormMessage>
    )
  }
  if (data.shown === 'declined') {
    return <FormMessage tone="notice">You declined this contract: {data.declineReason}</FormMessage>
  }
  if (data.signature) {
    return (
      <FormMessage tone="success">
        Signed by {data.signature.name} on {data.signature.at}.{' '}
        {data.countersignature
          ? `Countersigned for ${business.name} by ${data.countersignature.name} on ${data.countersignature.at}.`
          : `${business.name} countersigns it next.`}
      </FormMessage>
    )
  }
  return null
}

export function SignForm({
  data,
  result,
}: {
  data: { expiresOn: string; textSha256: string }
  result: IntentResult | undefined
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const signErrors = result && !result.ok && result.intent === 'sign' ? result.fieldErrors : undefined
  const declineErrors = result && !result.ok && result.intent === 'decline' ? result.fieldErrors : undefined
  const labels = [signErrors?.consent && 'consent', signErrors?.fullName && 'full name'].filter(Boolean) as string[]
  return (
    <section aria-labelledby="sign-title" className="grid gap-4 rounded-xl border border-primary/40 bg-primary/5 p-6">
      <h2 id="sign-title" className="font-semibold text-xl">
        Sign this contract
      </h2>
      <p className="text-muted-foreground text-sm">
        It can be signed until {formatCalendarDate(data.expiresOn)}. Your signature records your name, your e-mail and
        account, the time, your IP address and browser, and the SHA-256 of the text above.
      </p>
      <Form method="post" className="grid gap-4" noValidate>
        <ErrorSummary labels={labels} />
        <input type="hidden" name="intent" value="sign" />
        <input type="hidden" name="textSha256" value={data.textSha256} />
        <FieldSet legend="Consent to sign electronically" error={signErrors?.consent} required>
          <Choice label={signatureConsent}>
            <Checkbox name="consent" value="on" />
          </Choice>
        </FieldSet>
        <Field
          label="Full name"
          hint="Type your full legal name: it is your signature."
          error={signErrors?.fullName}
          required
        >
          <Input name="fullName" autoComplete="name" maxLength={120} />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" disabled={busy}>
            <PenLineIcon aria-hidden="true" />
            Sign
          </Button>
          <ReasonDialog
            intent="decline"
            trigger={
              <>
                <XIcon aria-hidden="true" />
                Decline…
              </>
            }
            triggerSize="lg"
            title="Decline this contract?"
            description="Tell us why, so we can prepare one that suits you."
            reasonRequired
            rows={4}
            confirm="Decline contract"
            error={declineErrors?.reason}
          />
        </div>
      </Form>
    </section>
  )
}
