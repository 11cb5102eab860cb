import { data, Link, redirect, useActionData, useSearchParams } from 'react-router'
import { billingTerms, business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { billingDeps, businessToday } from '~/features/billing/context.server'
import { StaffDocumentBody } from '~/features/billing/document-parts'
import { clientLabel, documentFacts, staffDocumentView } from '~/features/billing/document-view.server'
import { type ClientChoice, DraftEditor, type EditorValues, editorValuesFrom } from '~/features/billing/draft-editor'
import { kindLabels } from '~/features/billing/labels'
import { formatQuantity, taxRateInput } from '~/features/billing/money'
import {
  draftFieldErrors,
  draftFormSchema,
  draftFromValues,
  paymentFormSchema,
  voidFormSchema,
} from '~/features/billing/schema'
import {
  ConvertForm,
  DeleteDraftDialog,
  PaymentForm,
  RemindersForm,
  SendForm,
  VoidDialog,
} from '~/features/billing/staff-panels'
import { availableEvents } from '~/features/billing/states'
import { StatusBadge } from '~/features/billing/status-badge'
import { StaffOnlinePayments } from '~/features/payments/staff-online-payments'
import { addDays, businessDateTimeFormat } from '~/lib/business-time'
import { nothingChangedMessage } from '~/lib/database-outage'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, type IntentResult, intentAction } from '~/lib/forms/intent-action.server'
import type { FieldErrors } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { FormMessage } from '~/ui/field'
import { BackLink, DownloadButton, PageHeader } from '~/ui/page-header'
import {
  convertEstimate,
  createDraft,
  deleteDraft,
  sendDocument,
  setReminders,
  updateDraft,
  voidDocument,
} from '../../../server/billing/documents.server.ts'
import { currentIssuer } from '../../../server/billing/parties.server.ts'
import { documentDetail, listClientAccounts } from '../../../server/billing/queries.server.ts'
import { recordManualPayment } from '../../../server/payments/payments.server.ts'
import type { Route } from './+types/billing-document'

// /admin/billing/new and /admin/billing/{id}: a draft in the editor (with its live preview), or a
// sent document with what staff can do to it now (the transition table decides which buttons).

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    title: loaderData?.title ?? 'Billing document',
    description: `A billing document of ${business.name}.`,
    path: params.id ? `/admin/billing/${params.id}` : '/admin/billing/new',
    matches,
    noindex: true,
  })

const notFound = () => data({ error: 'There is no billing document at this address.' }, { status: 404 })

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  const today = businessToday()
  const accounts = await listClientAccounts(database.db)
  const clients: ClientChoice[] = accounts.map((c) => ({
    id: c.id,
    label: clientLabel(c),
    billTo: { name: c.fullName || c.email, companyName: c.companyName, email: c.email, phone: c.phone },
  }))
  const common = { clients, issuer: currentIssuer(), today }
  if (!args.params.id) {
    const url = new URL(args.request.url)
    const kind = url.searchParams.get('kind') === 'estimate' ? 'estimate' : 'invoice'
    const initial: EditorValues = {
      kind,
      clientId: clients.find((c) => c.id === url.searchParams.get('client'))?.id ?? '',
      lines: [],
      taxRate: '',
      taxLabel: '',
      notes: '',
      dueOn: addDays(today, billingTerms.paymentDays),
      expiresOn: addDays(today, billingTerms.estimateValidDays),
    }
    return { view: 'new' as const, title: `New ${kind}`, initial, ...common }
  }
  const detail = await documentDetail(database.db, args.params.id)
  if (!detail) throw notFound()
  const doc = detail.document
  if (doc.status === 'draft') {
    const initial: EditorValues = {
      kind: doc.kind === 'estimate' ? 'estimate' : 'invoice',
      clientId: doc.clientId,
      lines: detail.lines.map((line, i) => ({
        key: i,
        description: line.description,
        quantity: formatQuantity(line.quantityMilli),
        unitPrice: (line.unitPriceCents / 100).toFixed(2),
        taxable: line.taxable,
      })),
      taxRate: doc.taxRateMilliPercent ? taxRateInput(doc.taxRateMilliPercent) : '',
      taxLabel: doc.taxLabel ?? '',
      notes: doc.notes ?? '',
      dueOn: doc.dueOn ?? addDays(today, billingTerms.paymentDays),
      expiresOn: doc.expiresOn ?? addDays(today, billingTerms.estimateValidDays),
    }
    return {
      view: 'draft' as const,
      title: `Draft ${kindLabels[doc.kind].toLowerCase()}`,
      id: doc.id,
      initial,
      updatedAt: doc.updatedAt.toISOString(),
      source: detail.source,
      ...common,
    }
  }
  return {
    view: 'sent' as const,
    title: `${kindLabels[doc.kind]} ${doc.number}`,
    ...staffDocumentView(detail, today),
    events: availableEvents(documentFacts(detail, today), 'staff'),
    ...common,
  }
}

type Result = IntentResult

/** The admin acting, the billing services, and the document the page is about (a new one has none). */
function staffWork(ctx: IntentContext) {
  const admin = guardedUser(ctx.context)
  return { deps: billingDeps(ctx.context), actor: { userId: admin.userId, email: admin.email } }
}

const documentId = (ctx: IntentContext) => {
  if (!ctx.params.id) throw new DomainError('not_found', 'There is no billing document at this address.')
  return ctx.params.id
}

/** When the form's page was loaded: a change made since by someone else is not overwritten. */
function loadedAt(values: Record<string, string>) {
  const at = new Date(values.updatedAt ?? '')
  return Number.isNaN(at.getTime()) ? undefined : at
}

async function saveDraft(ctx: IntentContext) {
  const parsed = draftFormSchema.safeParse(draftFromValues(ctx.values))
  if (!parsed.success) {
    throw new DomainError('invalid', 'Check the highlighted fields. Nothing was saved.', {
      fields: draftFieldErrors(parsed.error),
    })
  }
  const { deps, actor } = staffWork(ctx)
  if (!ctx.params.id) {
    const created = await createDraft(deps, actor, parsed.data)
    return redirect(`/admin/billing/${created.id}?created=1`)
  }
  const at = loadedAt(ctx.values)
  if (!at) throw new DomainError('invalid', 'The form is incomplete. Reload the page.')
  await updateDraft(deps, actor, ctx.params.id, at, parsed.data)
}

export const action = intentAction(
  {
    save: { run: saveDraft, done: 'Draft saved.' },
    send: {
      run: (ctx) => {
        const { deps, actor } = staffWork(ctx)
        return sendDocument(deps, actor, documentId(ctx), loadedAt(ctx.values))
      },
      done: (sent) => `Sent as ${sent.number}: the client has been e-mailed a link.`,
    },
    delete: {
      run: async (ctx) => {
        const { deps, actor } = staffWork(ctx)
        await deleteDraft(deps, actor, documentId(ctx), loadedAt(ctx.values))
        return redirect('/admin/billing?deleted=1')
      },
    },
    convert: {
      run: async (ctx) => {
        const { deps, actor } = staffWork(ctx)
        const invoice = await convertEstimate(deps, actor, documentId(ctx))
        return redirect(`/admin/billing/${invoice.id}?converted=1`)
      },
    },
    pay: {
      schema: paymentFormSchema,
      invalid: 'Check the payment. Nothing was recorded.',
      run: (ctx, payment) => {
        const { deps, actor } = staffWork(ctx)
        return recordManualPayment(deps, actor, documentId(ctx), payment)
      },
      done: ({ receipt }) => `Payment recorded. Receipt ${receipt.number} is e-mailed to the client with its PDF.`,
    },
    void: {
      schema: voidFormSchema,
      run: (ctx, { reason }) => {
        const { deps, actor } = staffWork(ctx)
        return voidDocument(deps, actor, documentId(ctx), reason)
      },
      done: 'Void. The client has been e-mailed the reason.',
    },
    reminders: {
      run: async (ctx) => {
        const enabled = ctx.values.enabled === 'on'
        const { deps, actor } = staffWork(ctx)
        await setReminders(deps, actor, documentId(ctx), enabled)
        return enabled
      },
      done: (enabled) => (enabled ? 'Reminders are on.' : 'Reminders are off.'),
    },
  },
  { outage: nothingChangedMessage },
)

const formatTime = (iso: string) => businessDateTimeFormat.format(new Date(iso))

export default function AdminBillingDocument({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not changed' })
  useArrivalNotice()
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10">
      <BackLink to="/admin/billing">All billing documents</BackLink>
      {loaderData.view === 'sent' ? (
        <SentDocument data={loaderData} result={result} />
      ) : (
        <DraftPage data={loaderData} result={result} />
      )}
    </div>
  )
}

function useArrivalNotice() {
  const [params] = useSearchParams()
  if (params.get('created') === '1') return 'created'
  if (params.get('converted') === '1') return 'converted'
  return null
}

type Data = Route.ComponentProps['loaderData']
type DraftData = Extract<Data, { view: 'new' | 'draft' }>
type SentData = Extract<Data, { view: 'sent' }>

function DraftPage({ data: loaded, result }: { data: DraftData; result: Result | undefined }) {
  const arrival = useArrivalNotice()
  const failedSave = result && !result.ok && result.intent === 'save'
  const initial = failedSave && result.values ? editorValuesFrom(result.values, loaded.initial) : loaded.initial
  const errors: FieldErrors | undefined = result && !result.ok ? result.fieldErrors : undefined
  const draft = loaded.view === 'draft' ? loaded : null
  return (
    <>
      <PageHeader
        align="start"
        title={loaded.title}
        actions={
          draft && (
            <>
              <DownloadButton href={`/admin/billing/${draft.id}/pdf`}>Saved draft as PDF</DownloadButton>
              <DeleteDraftDialog updatedAt={draft.updatedAt} />
            </>
          )
        }
      >
        <p className="text-muted-foreground text-sm">
          Only staff see a draft. Sending numbers it, freezes it and e-mails the client a link.
          {draft?.source?.number && ` Made from ${kindLabels[draft.source.kind].toLowerCase()} ${draft.source.number}.`}
        </p>
      </PageHeader>
      {arrival === 'created' && (
        <FormMessage tone="success">Draft created. Keep editing it here, then send it.</FormMessage>
      )}
      {arrival === 'converted' && (
        <FormMessage tone="success">The estimate is now a draft invoice: check the due date, then send it.</FormMessage>
      )}
      {result && !result.ok && result.intent !== 'save' && !result.fieldErrors && (
        <FormMessage tone="error">{result.message}</FormMessage>
      )}
      {draft && (
        <section
          aria-labelledby="send-heading"
          className="grid gap-2 rounded-xl border border-primary/40 bg-primary/5 p-6"
        >
          <h2 id="send-heading" className="font-semibold text-lg">
            Ready?
          </h2>
          <p className="text-muted-foreground text-sm">
            Save your changes first: sending sends the draft as last saved.
          </p>
          <div>
            <SendForm kind={draft.initial.kind} updatedAt={draft.updatedAt} />
          </div>
          {result && !result.ok && result.intent === 'send' && result.fieldErrors && (
            <FormMessage tone="error">{result.message}</FormMessage>
          )}
        </section>
      )}
      <DraftEditor
        key={draft?.updatedAt ?? 'new'}
        mode={draft ? 'edit' : 'new'}
        initial={initial}
        clients={loaded.clients}
        issuer={loaded.issuer}
        today={loaded.today}
        updatedAt={draft?.updatedAt}
        errors={failedSave ? errors : undefined}
        message={
          failedSave
            ? `${result.message}${result.conflictAt ? ` The other change was saved ${formatTime(result.conflictAt)}: reload to see it.` : ''}`
            : undefined
        }
      />
    </>
  )
}

function SentDocument({ data: loaded, result }: { data: SentData; result: Result | undefined }) {
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const kind = loaded.kind === 'receipt' ? null : loaded.kind
  return (
    <>
      <PageHeader
        align="start"
        title={
          <>
            {loaded.title} <StatusBadge status={loaded.shown} />
          </>
        }
        actions={<DownloadButton href={`/admin/billing/${loaded.id}/pdf`} />}
      >
        <p className="text-muted-foreground text-sm">
          For{' '}
          <Link to={`/admin/billing?client=${loaded.client.id}`} className="font-medium text-primary underline">
            {loaded.client.label}
          </Link>
        </p>
      </PageHeader>
      {result && !result.ok && !(result.intent === 'pay' && errors) && !(result.intent === 'void' && errors) && (
        <FormMessage tone="error">{result.message}</FormMessage>
      )}
      <StaffDocumentBody
        view={loaded}
        href={(id) => `/admin/billing/${id}`}
        drafts
        reminders={
          loaded.reminders &&
          loaded.events.includes('set-reminders') && <RemindersForm enabled={loaded.reminders.enabled} />
        }
        aside={
          <>
            {kind && loaded.events.includes('convert') && <ConvertForm />}
            {kind && loaded.events.includes('void') && (
              <VoidDialog
                kind={kind}
                number={loaded.number}
                error={result?.intent === 'void' ? errors?.reason : undefined}
              />
            )}
          </>
        }
      />
      {loaded.events.includes('pay') && (
        <PaymentForm
          // A recorded payment changes the balance: the form starts again from the new one.
          key={loaded.balanceCents}
          balanceCents={loaded.balanceCents}
          today={loaded.today}
          errors={result?.intent === 'pay' ? errors : undefined}
          values={result && !result.ok && result.intent === 'pay' ? result.values : undefined}
        />
      )}
      {loaded.kind === 'invoice' && <StaffOnlinePayments invoiceId={loaded.id} />}
    </>
  )
}
