import { PenLineIcon, XIcon } from 'lucide-react'
import { Form, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { can, organisationRefusals } from '~/features/accounts/access'
import { guardedUser } from '~/features/accounts/guards.server'
import { signatureConsent } from '~/features/contracts/consent'
import {
  contractClient,
  contractDeps,
  contractNotFound,
  contractsToday,
  requestFactsOf,
} from '~/features/contracts/context.server'
import { ContractText } from '~/features/contracts/contract-text'
import { IntegrityNotice } from '~/features/contracts/integrity'
import { contractDeclineFormSchema, signFormSchema } from '~/features/contracts/schema'
import { availableContractEvents, shownContractStatus } from '~/features/contracts/states'
import { ContractStatusBadge } from '~/features/contracts/status-badge'
import { formatSignatureTime } from '~/features/contracts/time'
import { ContractTrail } from '~/features/contracts/trail'
import { formatCalendarDate } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, type IntentResult, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { Checkbox } from '~/ui/checkbox'
import { Choice, ErrorSummary, Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { BackLink, DownloadButton, PageHeader } from '~/ui/page-header'
import { ReasonDialog } from '~/ui/reason-dialog'
import { declineContract, markContractViewed, signContract } from '../../../server/contracts/contracts.server.ts'
import { contractDetail } from '../../../server/contracts/queries.server.ts'
import type { Route } from './+types/contract'

// /billing/contracts/{id}: one of the client's own contracts, its full text, whether the text still
// matches what was sent and signed, and, while it waits, Sign (consent, full name) or Decline (a
// reason). The first opening is recorded (time and IP). Anyone else's, a draft, an unknown id: 404.

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta({
    title: loaderData ? `${loaderData.title} ${loaderData.number}` : 'Contract',
    description: `A service agreement with ${business.name}.`,
    path: location.pathname,
    matches,
    noindex: true,
  })

async function visitor(args: Pick<IntentContext, 'context'>) {
  const client = await contractClient(args.context, guardedUser(args.context))
  if (!client) throw contractNotFound()
  return client
}

/** Signing and declining are an owner's (`sign_contracts`); a billing person reads the contract only. */
async function signer(args: Pick<IntentContext, 'context'>) {
  const client = await visitor(args)
  if (!can(guardedUser(args.context), 'sign_contracts')) {
    throw new DomainError('forbidden', organisationRefusals.sign_contracts)
  }
  return client
}

export const loader = async (args: Route.LoaderArgs) => {
  const client = await visitor(args)
  const { database } = args.context.get(appContext)
  await markContractViewed(contractDeps(args.context), client, args.params.id, requestFactsOf(args))
  const detail = await contractDetail(database.db, args.params.id, client.organisationId)
  if (!detail) throw contractNotFound()
  const { contract, events, integrity } = detail
  const today = contractsToday()
  const facts = { status: contract.status, expired: contract.expiresOn < today }
  const mayDecide = can(guardedUser(args.context), 'sign_contracts')
  return {
    id: contract.id,
    title: contract.title,
    number: contract.number ?? '',
    body: contract.body,
    shown: shownContractStatus(contract, today),
    expiresOn: contract.expiresOn,
    textSha256: contract.textSha256 ?? '',
    integrity,
    actions: mayDecide ? availableContractEvents(facts, 'client') : [],
    // A billing person reads a contract waiting for a signature and hears who may sign it.
    signRefusal:
      !mayDecide && availableContractEvents(facts, 'client').includes('sign')
        ? organisationRefusals.sign_contracts
        : null,
    signature: contract.signedAt
      ? { name: contract.signerName, at: formatSignatureTime(contract.signedAt), ip: contract.signerIp }
      : null,
    countersignature: contract.countersignedAt
      ? { name: contract.countersignerName, at: formatSignatureTime(contract.countersignedAt) }
      : null,
    declineReason: contract.declineReason,
    withdrawReason: contract.withdrawReason,
    // A client sees the addresses of their own steps only; staff members' addresses are not theirs to see.
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      name: e.actorName,
      at: formatSignatureTime(e.at),
      ip: e.actorUserId === client.userId ? e.ip : null,
    })),
  }
}

type Result = IntentResult

export const action = intentAction(
  {
    sign: {
      schema: signFormSchema,
      run: async (ctx, { fullName }) => {
        const client = await signer(ctx)
        const shownSha256 = ctx.values.textSha256 ?? ''
        await signContract(
          contractDeps(ctx.context),
          client,
          contractId(ctx),
          { fullName, shownSha256 },
          requestFactsOf(ctx),
        )
      },
      done: 'Thank you: your signature is recorded. The signed PDF is on its way to your e-mail.',
    },
    decline: {
      schema: contractDeclineFormSchema,
      run: async (ctx, { reason }) => {
        const client = await signer(ctx)
        await declineContract(contractDeps(ctx.context), client, contractId(ctx), reason, requestFactsOf(ctx))
      },
      done: 'The contract is declined. Thank you for telling us why; we will be in touch.',
    },
  },
  { outage: nothingRecordedMessage },
)

const contractId = (ctx: IntentContext) => ctx.params.id ?? ''

type Data = Route.ComponentProps['loaderData']

export default function BillingContract({ loaderData }: Route.ComponentProps) {
  const data = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not recorded' })
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-6 py-10">
      <BackLink to="/billing/contracts">All contracts</BackLink>
      <PageHeader
        title={`${data.title} ${data.number}`}
        actions={<DownloadButton href={`/billing/contracts/${data.id}/pdf`} />}
      >
        <p className="flex items-center gap-2 text-sm">
          Status <ContractStatusBadge status={data.shown} />
        </p>
      </PageHeader>
      {result && !result.ok && !result.fieldErrors && <FormMessage tone="error">{result.message}</FormMessage>}
      <StatusNotice data={data} />
      <IntegrityNotice integrity={data.integrity} />
      <ContractText body={data.body} />
      {data.actions.includes('sign') && <SignForm data={data} result={result} />}
      {data.signRefusal && <FormMessage tone="notice">{data.signRefusal}</FormMessage>}
      <ContractTrail events={data.events} note="Times in New York time, with the UTC time recorded." />
    </div>
  )
}

function StatusNotice({ data }: { data: Data }) {
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

function SignForm({ data, result }: { data: Data; result: Result | undefined }) {
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
