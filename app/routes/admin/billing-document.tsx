import { data, redirect, useActionData } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { billingDeps, businessToday } from '~/features/billing/context.server'
import {
  draftFieldErrors,
  draftFormSchema,
  draftFromValues,
  paymentFormSchema,
  voidFormSchema,
} from '~/features/billing/schema'
import { staffDocumentPage } from '~/features/billing/staff-document.server'
import { DraftPage, SentDocument, useArrivalNotice } from '~/features/billing/staff-document-page'
import { StaffOnlinePayments } from '~/features/payments/staff-online-payments'
import { nothingChangedMessage } from '~/lib/database-outage'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { BackLink } from '~/ui/page-header'
import {
  convertEstimate,
  createDraft,
  deleteDraft,
  sendDocument,
  setReminders,
  updateDraft,
  voidDocument,
} from '../../../server/billing/documents.server.ts'
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
  const page = await staffDocumentPage(database.db, args.params.id, new URL(args.request.url), businessToday())
  if (!page) throw notFound()
  return page
}

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

export default function AdminBillingDocument({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not changed' })
  useArrivalNotice()
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-6 py-10">
      <BackLink to="/admin/billing">All billing documents</BackLink>
      {loaderData.view === 'sent' ? (
        <SentDocument data={loaderData} result={result}>
          {loaderData.kind === 'invoice' && <StaffOnlinePayments invoiceId={loaderData.id} />}
        </SentDocument>
      ) : (
        <DraftPage data={loaderData} result={result} />
      )}
    </div>
  )
}
