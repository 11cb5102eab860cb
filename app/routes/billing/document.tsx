import { CheckIcon, XIcon } from 'lucide-react'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser, pagePath } from '~/features/accounts/guards.server'
import { billingClient, billingDeps, businessToday, documentNotFound } from '~/features/billing/context.server'
import { DocumentPayments } from '~/features/billing/document-parts'
import { documentFacts } from '~/features/billing/document-view.server'
import { kindLabels } from '~/features/billing/labels'
import { printedBillingDocument } from '~/features/billing/printed'
import { PrintedDocumentView } from '~/features/billing/printed-document'
import { declineFormSchema } from '~/features/billing/schema'
import { clientDocumentPath, kindOfPath, sectionOfKind } from '~/features/billing/sections'
import { availableEvents, shownStatus } from '~/features/billing/states'
import { InvoicePayPanel } from '~/features/payments'
import { invoicePayState } from '~/features/payments/context.server'
import { formatCalendarDate } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { type IntentContext, type IntentResult, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { FormMessage } from '~/ui/field'
import { BackLink, DownloadButton, PageHeader } from '~/ui/page-header'
import { ReasonDialog } from '~/ui/reason-dialog'
import { acceptEstimate, declineEstimate, markViewed } from '../../../server/billing/documents.server.ts'
import { documentDetail, pdfInputOf } from '../../../server/billing/queries.server.ts'
import type { Route } from './+types/document'

// /billing/estimates/{id}, /billing/invoices/{id}, /billing/receipts/{id}: one of the client's own
// documents, as its PDF prints it, with its PDF, its payments, and Accept / Decline on an estimate.
// Opening it the first time marks it viewed. Anyone else's, a draft, or an unknown id: 404.

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta({
    title: loaderData ? `${loaderData.printed.title} ${loaderData.printed.number}` : 'Billing document',
    description: `A billing document from ${business.name}.`,
    path: location.pathname,
    matches,
    noindex: true,
  })

async function load(args: Pick<IntentContext, 'request' | 'context' | 'params'>) {
  const kind = kindOfPath(pagePath(args.request))
  const client = await billingClient(args.context, guardedUser(args.context))
  if (!kind || !client) throw documentNotFound()
  return { kind, client, id: args.params.id ?? '' }
}

export const loader = async (args: Route.LoaderArgs) => {
  const { kind, client, id } = await load(args)
  const { database } = args.context.get(appContext)
  const today = businessToday()
  const viewed = await markViewed(billingDeps(args.context), client, id)
  const detail = viewed.kind === kind ? await documentDetail(database.db, id, client.organisationId) : null
  // An invoice's id under /billing/estimates/ is not found either.
  if (!detail) throw documentNotFound()
  const doc = detail.document
  const visible = (other: { kind: string; id: string; number: string | null } | null) =>
    other?.number
      ? { kind: other.kind as 'estimate' | 'invoice' | 'receipt', id: other.id, number: other.number }
      : null
  return {
    id: doc.id,
    kind: doc.kind,
    printed: printedBillingDocument(pdfInputOf(detail, today)),
    shown: shownStatus(doc, today),
    expiresOn: doc.expiresOn,
    events: availableEvents(documentFacts(detail, today), 'client'),
    payments: detail.payments.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      receivedOn: p.receivedOn,
      method: p.method,
      receiptId: p.receiptId,
      receiptNumber: p.receiptNumber,
    })),
    source: visible(detail.source),
    convertedTo:
      detail.convertedTo?.status === 'draft'
        ? null
        : visible(detail.convertedTo && { ...detail.convertedTo, kind: 'invoice' }),
    paidInvoice: detail.receiptOf ? visible({ ...detail.receiptOf.invoice, kind: 'invoice' }) : null,
    pay: await invoicePayState(args.context, client, doc, args.request),
  }
}

/** The estimate the client decides on: their own, under /billing/estimates/ (anything else is not found). */
async function decision(ctx: IntentContext) {
  const { kind, client, id } = await load(ctx)
  if (kind !== 'estimate') throw documentNotFound()
  return { deps: billingDeps(ctx.context), client, id }
}

type Result = IntentResult

export const action = intentAction(
  {
    accept: {
      run: async (ctx) => {
        const { deps, client, id } = await decision(ctx)
        await acceptEstimate(deps, client, id)
      },
      done: 'Thank you: the estimate is accepted. We will be in touch to schedule the work.',
    },
    decline: {
      schema: declineFormSchema,
      run: async (ctx, { reason }) => {
        const { deps, client, id } = await decision(ctx)
        await declineEstimate(deps, client, id, reason)
      },
      done: 'The estimate is declined. Thank you for letting us know.',
    },
  },
  { outage: nothingRecordedMessage },
)

export default function BillingDocument({ loaderData }: Route.ComponentProps) {
  const { printed, kind, id } = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not recorded' })
  const section = sectionOfKind[kind]
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6">
      <BackLink to={`/billing/${section}`}>All {section}</BackLink>
      <PageHeader
        title={`${printed.title} ${printed.number}`}
        actions={<DownloadButton href={`${clientDocumentPath({ kind, id })}/pdf`} />}
      />
      {result && !result.ok && <FormMessage tone="error">{result.message}</FormMessage>}
      {kind === 'estimate' && <EstimateDecision data={loaderData} result={result} />}
      {loaderData.pay && <InvoicePayPanel state={loaderData.pay} />}
      <Related data={loaderData} />
      <PrintedDocumentView doc={printed} />
      {kind === 'invoice' && (
        <DocumentPayments
          payments={loaderData.payments}
          receiptHref={(receiptId) => clientDocumentPath({ kind: 'receipt', id: receiptId })}
          audience="client"
        />
      )}
    </div>
  )
}

type Data = Route.ComponentProps['loaderData']

function EstimateDecision({ data: loaded, result }: { data: Data; result: Result | undefined }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const errors = result && !result.ok ? result.fieldErrors : undefined
  if (loaded.shown === 'expired') {
    return (
      <FormMessage tone="notice">
        This estimate expired on {loaded.expiresOn ? formatCalendarDate(loaded.expiresOn) : 'its date'} and can no
        longer be accepted. Call us at {business.phone} or reply to our e-mail for an updated one.
      </FormMessage>
    )
  }
  if (!loaded.events.includes('accept')) return null
  return (
    <section aria-labelledby="decision" className="grid gap-3 rounded-xl border border-primary/40 bg-primary/5 p-6">
      <h2 id="decision" className="font-semibold text-lg">
        Your decision
      </h2>
      <p className="text-muted-foreground text-sm">
        Valid until {loaded.expiresOn ? formatCalendarDate(loaded.expiresOn) : '—'}. Accepting tells us to go ahead; we
        then send you an invoice.
      </p>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="accept" />
          <Button type="submit" size="lg" disabled={busy}>
            <CheckIcon aria-hidden="true" />
            Accept estimate
          </Button>
        </Form>
        <ReasonDialog
          intent="decline"
          trigger={
            <>
              <XIcon aria-hidden="true" />
              Decline…
            </>
          }
          triggerSize="lg"
          title="Decline this estimate?"
          description="You can tell us why, so we can make a better offer. We read every answer."
          reasonRequired={false}
          rows={4}
          confirm="Decline estimate"
          error={errors?.reason}
        />
      </div>
    </section>
  )
}

function Related({ data: loaded }: { data: Data }) {
  const links = [
    loaded.source && { label: 'Made from', doc: loaded.source },
    loaded.convertedTo && { label: 'Invoiced as', doc: loaded.convertedTo },
    loaded.paidInvoice && { label: 'Payment for', doc: loaded.paidInvoice },
  ].filter((link): link is NonNullable<typeof link> => Boolean(link))
  if (links.length === 0) return null
  return (
    <p className="text-sm">
      {links.map((link) => (
        <span key={link.doc.id} className="me-4">
          {link.label}{' '}
          <Link to={clientDocumentPath(link.doc)} className="font-semibold text-primary underline">
            {kindLabels[link.doc.kind]} {link.doc.number}
          </Link>
        </span>
      ))}
    </p>
  )
}
