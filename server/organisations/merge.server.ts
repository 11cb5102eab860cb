import { eq } from 'drizzle-orm'
import { DomainError } from '../../app/lib/domain-error.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import { billingDocuments, bookings, contracts, organisationMembers, organisations } from '../db/schema/index.server.ts'
import { checkId, lockOrganisations, organisationGone, requireStaff } from './rules.server.ts'

export type MergeResult = {
  people: number
  billingDocuments: number
  contracts: number
  requests: number
}

/**
 * Merges an organisation created twice into the one that stays: its people (in their roles), billing
 * documents, contracts and consultation requests move, and it is deleted. The audit row lists what
 * moved, by id, so the merge can be read back (and undone by hand) later. A sent contract may change
 * organisation and nothing else (migration 0019's trigger).
 */
export async function mergeOrganisations(
  db: Db,
  actor: AuditActor,
  input: { from: string; into: string },
): Promise<MergeResult> {
  const fromId = checkId(input.from, organisationGone)
  const intoId = checkId(input.into, organisationGone)
  if (fromId === intoId) throw new DomainError('invalid', 'Choose two different organisations to merge.')
  return db.transaction(async (tx) => {
    await requireStaff(tx, actor)
    const locked = await lockOrganisations(tx, [fromId, intoId])
    const from = locked.get(fromId)
    const into = locked.get(intoId)
    if (!from || !into) throw organisationGone()
    const people = await tx
      .update(organisationMembers)
      .set({ organisationId: intoId })
      .where(eq(organisationMembers.organisationId, fromId))
      .returning({ id: organisationMembers.personId, role: organisationMembers.role })
    const documents = await tx
      .update(billingDocuments)
      .set({ organisationId: intoId })
      .where(eq(billingDocuments.organisationId, fromId))
      .returning({ id: billingDocuments.id, number: billingDocuments.number })
    const movedContracts = await tx
      .update(contracts)
      .set({ organisationId: intoId })
      .where(eq(contracts.organisationId, fromId))
      .returning({ id: contracts.id, number: contracts.number })
    const requests = await tx
      .update(bookings)
      .set({ organisationId: intoId })
      .where(eq(bookings.organisationId, fromId))
      .returning({ id: bookings.id })
    await tx.delete(organisations).where(eq(organisations.id, fromId))
    await recordAudit(tx, actor, {
      action: 'organisation.merge',
      subjectId: intoId,
      details: {
        from: { id: from.id, name: from.name, kind: from.kind },
        into: { id: into.id, name: into.name, kind: into.kind },
        moved: { people, billingDocuments: documents, contracts: movedContracts, requests },
      },
      before: { organisation: from.name },
      after: { organisation: into.name },
    })
    return {
      people: people.length,
      billingDocuments: documents.length,
      contracts: movedContracts.length,
      requests: requests.length,
    }
  })
}
