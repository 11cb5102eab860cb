import { data } from 'react-router'
import { paymentInstructions } from '~/content/business'
import { appContext } from '~/context.server'
import { businessToday, pdfResponse } from '~/features/billing/context.server'
import { documentTotals } from '~/features/billing/money'
import { draftFieldErrors, draftFormSchema, draftFromValues } from '~/features/billing/schema'
import { formValues, readForm, reply } from '~/lib/forms/action.server'
import { billToOf, currentIssuer } from '../../../server/billing/parties.server.ts'
import { billingPdf } from '../../../server/billing/pdf/billing-pdf.server.tsx'
import { listClientAccounts } from '../../../server/billing/queries.server.ts'
import { listAddressableOrganisations } from '../../../server/organisations/addressee.server.ts'
import type { Route } from './+types/billing-preview'

// POST /admin/billing/preview: the editor's form as it is, unsaved, as a PDF (the editor's "Open PDF"
// opens it in a new tab). Nothing is stored.

export async function loader() {
  throw data(
    { error: 'Open the preview from the editor: it sends the form as it is.' },
    { status: 405, headers: { Allow: 'POST' } },
  )
}

export async function action(args: Route.ActionArgs) {
  const parsed = draftFormSchema.safeParse(draftFromValues(formValues(await readForm(args.request))))
  if (!parsed.success) {
    return reply(
      {
        ok: false,
        message: 'The draft is not complete enough to print. Check the fields.',
        fieldErrors: draftFieldErrors(parsed.error),
      },
      { status: 400 },
    )
  }
  const input = parsed.data
  const { database } = args.context.get(appContext)
  const client = input.organisationId
    ? (await listAddressableOrganisations(database.db, 'billing')).find((o) => o.id === input.organisationId)?.addressee
    : (await listClientAccounts(database.db)).find((c) => c.id === input.clientId)
  const totals = documentTotals(input.lines, input.taxRateMilliPercent)
  const pdf = await billingPdf({
    document: {
      kind: input.kind,
      status: 'draft',
      number: null,
      issuedOn: null,
      dueOn: input.dueOn,
      expiresOn: input.expiresOn,
      taxRateMilliPercent: input.taxRateMilliPercent,
      taxLabel: input.taxLabel,
      notes: input.notes,
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      amountPaidCents: 0,
      paymentInstructions: input.kind === 'invoice' ? paymentInstructions : null,
      declineReason: null,
      voidReason: null,
      sentAt: null,
      updatedAt: new Date(),
    },
    lines: input.lines.map((line, i) => ({ ...line, amountCents: totals.lineAmounts[i] ?? 0 })),
    issuer: currentIssuer(),
    billTo: client ? billToOf({ ...client }) : { name: 'Choose a client', companyName: null, email: '', phone: null },
    today: businessToday(),
  })
  return pdfResponse(pdf, `${input.kind}-preview.pdf`)
}
