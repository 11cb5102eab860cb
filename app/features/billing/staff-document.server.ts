import { billingTerms } from '~/content/business'
import { addDays } from '~/lib/business-time'
import { billToOf, currentIssuer } from '../../../server/billing/parties.server.ts'
import { documentDetail } from '../../../server/billing/queries.server.ts'
import type { Db } from '../../../server/db/client.server.ts'
import {
  listAddressableOrganisations,
  organisationChoiceLabel,
} from '../../../server/organisations/addressee.server.ts'
import { documentFacts, staffDocumentView } from './document-view.server'
import type { ClientChoice, EditorValues } from './draft-editor'
import { kindLabels } from './labels'
import { formatQuantity, taxRateInput } from './money'
import { availableEvents } from './states'

/**
 * What the staff document page (/admin/billing/new and /admin/billing/{id}) shows: a new or saved
 * draft in the editor, or a sent document with what staff may do to it now; null for no document.
 */
export async function staffDocumentPage(db: Db, id: string | undefined, url: URL, today: string) {
  // The editor picks an organisation (ADR 028): shown by name, kind and town, addressed to its person.
  const organisations = await listAddressableOrganisations(db, 'billing')
  const clients: ClientChoice[] = organisations.map((o) => ({
    id: o.id,
    label: organisationChoiceLabel(o),
    billTo: billToOf(o.addressee),
  }))
  const common = { clients, issuer: currentIssuer(), today }
  if (!id) {
    const kind = url.searchParams.get('kind') === 'estimate' ? 'estimate' : 'invoice'
    const initial: EditorValues = {
      kind,
      organisationId: clients.find((c) => c.id === url.searchParams.get('organisation'))?.id ?? '',
      lines: [],
      taxRate: '',
      taxLabel: '',
      notes: '',
      dueOn: addDays(today, billingTerms.paymentDays),
      expiresOn: addDays(today, billingTerms.estimateValidDays),
    }
    return { view: 'new' as const, title: `New ${kind}`, initial, ...common }
  }
  const detail = await documentDetail(db, id)
  if (!detail) return null
  const doc = detail.document
  if (doc.status === 'draft') {
    const initial: EditorValues = {
      kind: doc.kind === 'estimate' ? 'estimate' : 'invoice',
      organisationId: doc.organisationId ?? '',
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

export type StaffDocumentPage = NonNullable<Awaited<ReturnType<typeof staffDocumentPage>>>
