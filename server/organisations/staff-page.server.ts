import { shownAccountState, stateLabels } from '../../app/features/accounts/admin-labels.ts'
import { kindLabels } from '../../app/features/billing/labels.ts'
import { formatMoney } from '../../app/features/billing/money.ts'
import { statusLabels } from '../../app/features/billing/states.ts'
import { contractStatusLabels } from '../../app/features/contracts/states.ts'
import { auditActions, isAuditAction } from '../../app/features/staff/audit-actions.ts'
import { businessDateTimeFormat } from '../../app/lib/business-time.ts'
import type { Db } from '../db/client.server.ts'
import { listSubscriptions } from '../subscriptions/subscriptions.server.ts'
import { organisationHistory } from './history.server.ts'
import { organisationDetail, organisationIdOfPerson } from './staff-view.server.ts'

/**
 * What the staff page of one client organisation (/employee/clients/:id) shows: its details, its
 * people, billing documents, contracts and requests as lines in staff's words, its history (a page
 * of the audit log's entries about it) and its plans. Not an organisation: the organisation of the
 * client person the address names (older links), or nothing.
 */
export async function staffClientPage(
  db: Db,
  id: string,
  { isAdmin, historyPage, today }: { isAdmin: boolean; historyPage: number; today: string },
) {
  const detail = await organisationDetail(db, id, today)
  if (!detail) return { page: null, organisationOfPerson: await organisationIdOfPerson(db, id) }
  const { organisation } = detail
  const history = await organisationHistory(db, organisation.id, historyPage)
  const subscriptions = await listSubscriptions({ db }, { organisationId: organisation.id })
  const page = {
    isAdmin,
    subscriptions,
    organisation: {
      ...organisation,
      address: [organisation.streetAddress, organisation.town, organisation.state, organisation.postalCode]
        .filter(Boolean)
        .join(', '),
    },
    people: detail.people.map((person) => ({
      personId: person.personId,
      name: person.fullName || person.email,
      email: person.email,
      role: person.role,
      status: person.invited
        ? (stateLabels.invited ?? 'Invited')
        : shownAccountState({ status: person.status, disabledAt: null }),
      removable: isAdmin,
    })),
    documents: detail.documents.map((doc) => ({
      id: doc.id,
      label: `${kindLabels[doc.kind]} ${doc.number}`,
      href: isAdmin ? `/admin/billing/${doc.id}` : `/employee/billing/${doc.id}`,
      summary: `${statusLabels[doc.shown]}, ${formatMoney(doc.totalCents)}`,
    })),
    contracts: detail.contracts.map((contract) => ({
      id: contract.id,
      label: `${contract.title} ${contract.number ?? ''}`.trim(),
      href: isAdmin ? `/admin/contracts/${contract.id}` : null,
      summary: contractStatusLabels[contract.shown],
    })),
    requests: detail.requests.map((request) => ({
      id: request.id,
      label: request.id.slice(0, 8).toUpperCase(),
      href: `/employee/requests/${request.id}`,
      summary: [
        `${request.name}, ${businessDateTimeFormat.format(new Date(request.receivedAt))}, ${request.status}`,
        request.services.length > 0 ? ` (${request.services.join(', ')})` : '',
      ].join(''),
    })),
    history: {
      ...history,
      items: history.items.map((item) => ({
        ...item,
        actor: item.actorEmail,
        words: isAuditAction(item.action) ? auditActions[item.action].words : item.action,
        about: item.subjectName,
      })),
    },
    others: isAdmin ? detail.others : [],
  }
  return { page, organisationOfPerson: null }
}
