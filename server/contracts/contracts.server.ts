import { createHash } from 'node:crypto'
import { and, asc, eq, ne } from 'drizzle-orm'
import { business } from '../../app/content/business.ts'
import { signatureConsent } from '../../app/features/contracts/consent.ts'
import { fillTemplate, normalizeContractText, unfilledPlaceholders } from '../../app/features/contracts/placeholders.ts'
import type { ContractDraftInput, NewContractInput } from '../../app/features/contracts/schema.ts'
import {
  type ContractEvent,
  type ContractEventKind,
  type ContractParty,
  contractRefusalMessage,
  decideContract,
} from '../../app/features/contracts/states.ts'
import { businessDate } from '../../app/lib/business-time.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { isUuid } from '../../app/lib/uuid.ts'
import type { AuditActor } from '../audit/audit.server.ts'
import { takeNumber } from '../billing/numbering.server.ts'
import { billToOf, currentIssuer } from '../billing/parties.server.ts'
import type { Db } from '../db/client.server.ts'
import {
  type ClientOnboarding,
  type Contract,
  clientOnboarding,
  contractEvents,
  contractFiles,
  contracts,
  contractTemplates,
} from '../db/schema/index.server.ts'
import { defineTransitions, type Tx } from '../db/transition.server.ts'
import type { Outbox } from '../mail/outbox.server.ts'
import { requireAddressee } from '../organisations/addressee.server.ts'
import {
  contractCountersignedMail,
  contractDeclinedMail,
  contractSentMail,
  contractSignedMail,
  contractWithdrawnMail,
} from './mail.server.ts'
import { contractPdf, contractPdfFilename } from './pdf/contract-pdf.server.ts'

/**
 * Every change to a contract (docs/contracts.md). Each one: one transaction that locks the
 * contract, asks the transition table (`decideContract`) whether this party may do this now,
 * writes the change, its event (the certificate's trail), its audit row and the e-mail to the other
 * side through the outbox, or nothing at all. The database's triggers refuse what must never
 * happen whatever the code does: a sent text changing, a signature changing, a trail rewritten.
 */

export type ContractDeps = {
  db: Db
  outbox: Pick<Outbox, 'enqueue'>
  publicUrl: string
  now?: () => Date
}

/** A staff member (an admin); `name` is what their events show. */
export type ContractStaff = AuditActor & { name: string }
/**
 * A signed-in client acting on their organisation's contracts: clientId is their account's
 * onboarding record, organisationId the organisation whose contracts they may see.
 */
export type ContractClient = AuditActor & { clientId: string; organisationId: string }
/** The request as the server sees it: the client IP (TRUST_PROXY decides how) and the browser's user agent. */
export type RequestFacts = { ip: string; userAgent: string }

/** Where staff hear about clients' signatures and refusals. */
export const contractsInbox = business.email

/** The series of contract numbers, on billing's counter (CTR-2026-0001, gapless per year). */
export const contractSeries = 'CTR'

export const isContractId = (id: string | undefined): id is string => isUuid(id)

/** The one answer for a contract that does not exist or is not the visitor's (pages say it too). */
export const contractNotFoundMessage = 'There is no contract at this address.'

/**
 * Lock → ask `decideContract` → audit, as every record's state changes do
 * (server/db/transition.server.ts). A client is never told what exists beyond their own buttons.
 */
const contractMoves = defineTransitions({
  table: contracts,
  notFoundMessage: contractNotFoundMessage,
  visibleTo: (organisationId) => [eq(contracts.organisationId, organisationId), ne(contracts.status, 'draft')],
  decide: (contract: Contract, event: ContractEvent, party: ContractParty, today: string) =>
    decideContract({ status: contract.status, expired: contract.expiresOn < today }, event, party),
  refusalMessage: (contract, event, refusal) => contractRefusalMessage(event, refusal, contract.status),
  hidden: { party: 'client', refusals: ['unknown-event', 'wrong-party'] },
  auditDetails: (c) => ({
    number: c.number,
    title: c.title,
    clientId: c.clientId,
    status: c.status,
    textSha256: c.textSha256,
  }),
})
const notFound = contractMoves.notFound

/** SHA-256 (hex) of the text's UTF-8 bytes: what is recorded when sent and checked when signed. */
export function textSha256(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex')
}

export function fileSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export const clientContractLink = (publicUrl: string, id: string) => `${publicUrl}/billing/contracts/${id}`
export const staffContractLink = (publicUrl: string, id: string) => `${publicUrl}/admin/contracts/${id}`

const clockOf = (deps: ContractDeps) => deps.now?.() ?? new Date()

/** What a request says about itself, bounded: a user agent is the browser's to choose. */
export function requestFacts(ip: string, userAgent: string | null): RequestFacts {
  return { ip: ip || 'unknown', userAgent: (userAgent ?? '').slice(0, 500) || 'unknown' }
}

async function requireClientAccount(db: Db | Tx, clientId: string): Promise<ClientOnboarding> {
  const [client] = isContractId(clientId)
    ? await db.select().from(clientOnboarding).where(eq(clientOnboarding.id, clientId)).limit(1)
    : []
  if (client?.role !== 'client') {
    throw new DomainError('invalid', 'Choose one of the client accounts.', { field: 'clientId' })
  }
  if (client.status !== 'approved' && client.status !== 'verified') {
    throw new DomainError('invalid', 'This account is not approved yet: approve it on the Admin Dashboard first.', {
      field: 'clientId',
    })
  }
  return client
}

async function addEvent(
  tx: Tx,
  contract: Contract,
  kind: ContractEventKind,
  at: Date,
  actor: { name: string; email: string; userId: string },
  request: RequestFacts | null,
  details: Record<string, unknown> = {},
) {
  await tx.insert(contractEvents).values({
    contractId: contract.id,
    kind,
    at,
    actorName: actor.name,
    actorEmail: actor.email,
    actorUserId: actor.userId,
    ip: request?.ip ?? null,
    userAgent: request?.userAgent ?? null,
    textSha256: contract.textSha256,
    details,
  })
}

/** A new draft for a client from a template, its placeholders filled. */
export async function createContract(
  deps: ContractDeps,
  actor: ContractStaff,
  input: NewContractInput,
  request: RequestFacts,
): Promise<Contract> {
  const now = clockOf(deps)
  if (input.expiresOn < businessDate(now)) {
    throw new DomainError('invalid', 'The expiry date has passed: choose a later one.', { field: 'expiresOn' })
  }
  return deps.db.transaction(async (tx) => {
    // The organisation the form picked, addressed to its billing person or owner; or the client
    // person a caller names, filed under their organisation by the database (ADR 028).
    const picked =
      input.organisationId === undefined ? null : await requireAddressee(tx, input.organisationId, 'contracts')
    const client = picked?.addressee ?? (await requireClientAccount(tx, input.clientId ?? ''))
    const [template] = await tx
      .select()
      .from(contractTemplates)
      .where(eq(contractTemplates.id, input.templateId))
      .limit(1)
    if (!template) throw new DomainError('invalid', 'Choose one of the templates.', { field: 'templateId' })
    const fields = {
      plan: input.plan,
      pricePerUser: input.pricePerUser,
      users: input.users,
      startDate: input.startDate,
      term: input.term,
    }
    const clientName = client.fullName || client.email
    const body = normalizeContractText(
      fillTemplate(template.body, {
        ...fields,
        clientName,
        company:
          (picked?.organisation.kind === 'business' ? picked.organisation.name : client.companyName) || clientName,
      }),
    )
    const [contract] = await tx
      .insert(contracts)
      .values({
        clientId: client.id,
        ...(picked ? { organisationId: picked.organisation.id } : {}),
        templateId: template.id,
        title: template.title,
        body,
        status: 'draft',
        expiresOn: input.expiresOn,
        fields,
        createdByEmail: actor.email,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!contract) throw new Error('insert returned no row')
    await addEvent(tx, contract, 'created', now, actor, request, { template: template.title })
    await contractMoves.audit(tx, actor, 'contract.create', contract)
    return contract
  })
}

/** Saves an edit of a draft opened at `loadedUpdatedAt`; a newer save is not overwritten. */
export async function updateContractDraft(
  deps: ContractDeps,
  actor: ContractStaff,
  id: string,
  loadedUpdatedAt: Date,
  input: ContractDraftInput,
): Promise<Contract> {
  const now = clockOf(deps)
  return deps.db.transaction(async (tx) => {
    const { row: current } = await contractMoves.begin(tx, id, {
      event: 'edit',
      party: 'staff',
      facts: businessDate(now),
    })
    if (current.updatedAt.getTime() !== loadedUpdatedAt.getTime()) {
      throw new DomainError(
        'conflict',
        'Someone changed this draft after you opened it. Nothing was saved; your changes are still in the form.',
      )
    }
    const body = normalizeContractText(input.body)
    const [contract] = await tx
      .update(contracts)
      .set({ title: input.title, body, expiresOn: input.expiresOn, updatedAt: now })
      .where(eq(contracts.id, id))
      .returning()
    if (!contract) throw notFound()
    const changed = (['title', 'body', 'expiresOn'] as const).filter((key) => current[key] !== contract[key])
    await contractMoves.audit(tx, actor, 'contract.update', contract, { changed })
    return contract
  })
}

export async function deleteContractDraft(deps: ContractDeps, actor: ContractStaff, id: string): Promise<void> {
  const now = clockOf(deps)
  await deps.db.transaction(async (tx) => {
    const { row: contract } = await contractMoves.begin(tx, id, {
      event: 'delete',
      party: 'staff',
      facts: businessDate(now),
    })
    await tx.delete(contracts).where(eq(contracts.id, id))
    await contractMoves.audit(tx, actor, 'contract.delete', contract)
  })
}

/**
 * Sends a draft: numbers it (CTR-year-n), freezes its text and records the text's SHA-256, copies
 * the business and the client as they are today, and e-mails the client a link.
 */
export async function sendContract(
  deps: ContractDeps,
  actor: ContractStaff,
  id: string,
  request: RequestFacts,
): Promise<Contract> {
  const now = clockOf(deps)
  const today = businessDate(now)
  return deps.db.transaction(async (tx) => {
    const { row: draft } = await contractMoves.begin(tx, id, { event: 'send', party: 'staff', facts: today })
    const left = unfilledPlaceholders(draft.body)
    if (left.length > 0) {
      throw new DomainError('conflict', `Fill or remove ${left.join(', ')} before sending.`, { field: 'body' })
    }
    const client = await requireClientAccount(tx, draft.clientId)
    const number = await takeNumber(tx, contractSeries, Number(today.slice(0, 4)))
    const party = billToOf(client)
    const [contract] = await tx
      .update(contracts)
      .set({
        status: 'sent',
        number,
        textSha256: textSha256(draft.body),
        issuer: currentIssuer(),
        party,
        sentAt: now,
        sentByEmail: actor.email,
        updatedAt: now,
      })
      .where(eq(contracts.id, id))
      .returning()
    if (!contract) throw notFound()
    await addEvent(tx, contract, 'sent', now, actor, request, { to: client.email })
    await contractMoves.audit(tx, actor, 'contract.send', contract)
    await deps.outbox.enqueue(
      contractSentMail(client.email, {
        number,
        title: contract.title,
        expiresOn: contract.expiresOn,
        clientName: party.name,
        link: clientContractLink(deps.publicUrl, id),
      }),
      tx,
    )
    return contract
  })
}

/** The client opens one of their contracts: the first time is recorded (event with IP), sent becomes viewed. */
export async function markContractViewed(
  deps: ContractDeps,
  client: ContractClient,
  id: string,
  request: RequestFacts,
): Promise<Contract> {
  if (!isContractId(id)) throw notFound()
  const [seen] = await deps.db
    .select()
    .from(contracts)
    .where(
      and(eq(contracts.id, id), eq(contracts.organisationId, client.organisationId), ne(contracts.status, 'draft')),
    )
    .limit(1)
  if (!seen) throw notFound()
  if (seen.viewedAt !== null || seen.status !== 'sent') return seen
  const now = clockOf(deps)
  return deps.db.transaction(async (tx) => {
    const contract = await contractMoves.lock(tx, id, { organisationId: client.organisationId })
    if (contract.viewedAt !== null || contract.status !== 'sent') return contract
    contractMoves.allow(contract, 'view', 'client', businessDate(now))
    const [viewed] = await tx
      .update(contracts)
      .set({ status: 'viewed', viewedAt: now })
      .where(eq(contracts.id, id))
      .returning()
    if (!viewed) throw notFound()
    await addEvent(tx, viewed, 'viewed', now, signerOf(viewed, client), request)
    await contractMoves.audit(tx, client, 'contract.view', viewed)
    return viewed
  })
}

const signerOf = (contract: Contract, client: ContractClient) => ({
  name: contract.party?.name ?? client.email,
  email: client.email,
  userId: client.userId,
})

/** The stored text still hashes to what was recorded when it was sent. */
function requireIntactText(contract: Contract) {
  if (contract.textSha256 === null || textSha256(contract.body) !== contract.textSha256) {
    throw new DomainError(
      'conflict',
      'The stored text of this contract no longer matches what was sent, so it cannot be signed. Please call us.',
    )
  }
}

/**
 * The client signs: consent given, full name typed, the text they saw (its hash, sent back by the
 * page) the one recorded. Records who, when, from where and what; the PDF signed so far is made,
 * kept, and e-mailed to both sides.
 */
export async function signContract(
  deps: ContractDeps,
  client: ContractClient,
  id: string,
  input: { fullName: string; shownSha256: string },
  request: RequestFacts,
): Promise<Contract> {
  const now = clockOf(deps)
  return deps.db.transaction(async (tx) => {
    const { row: current } = await contractMoves.begin(tx, id, {
      event: 'sign',
      party: 'client',
      facts: businessDate(now),
      organisationId: client.organisationId,
    })
    requireIntactText(current)
    if (input.shownSha256 !== current.textSha256) {
      throw new DomainError('conflict', 'The text changed since you opened the page. Reload it and read it again.')
    }
    const [signed] = await tx
      .update(contracts)
      .set({
        status: 'signed',
        signerName: input.fullName,
        signerEmail: client.email,
        signerUserId: client.userId,
        signedAt: now,
        signerIp: request.ip,
        signerUserAgent: request.userAgent,
        signedSha256: current.textSha256,
        consentText: signatureConsent,
        viewedAt: current.viewedAt ?? now,
        updatedAt: now,
      })
      .where(eq(contracts.id, id))
      .returning()
    if (!signed) throw notFound()
    await addEvent(tx, signed, 'signed', now, { ...signerOf(signed, client), name: input.fullName }, request, {
      consent: signatureConsent,
    })
    await contractMoves.audit(tx, client, 'contract.sign', signed)
    const file = await issuePdf(tx, signed, 'signed', now)
    const mail = {
      number: signed.number ?? '',
      title: signed.title,
      signerName: input.fullName,
      clientName: signed.party?.name ?? input.fullName,
      pdf: file,
    }
    await deps.outbox.enqueue(
      contractSignedMail(client.email, 'client', { ...mail, link: clientContractLink(deps.publicUrl, id) }),
      tx,
    )
    await deps.outbox.enqueue(
      contractSignedMail(contractsInbox, 'staff', { ...mail, link: staffContractLink(deps.publicUrl, id) }),
      tx,
    )
    return signed
  })
}

export async function declineContract(
  deps: ContractDeps,
  client: ContractClient,
  id: string,
  reason: string,
  request: RequestFacts,
): Promise<Contract> {
  const now = clockOf(deps)
  return deps.db.transaction(async (tx) => {
    const { row: current } = await contractMoves.begin(tx, id, {
      event: 'decline',
      party: 'client',
      facts: businessDate(now),
      organisationId: client.organisationId,
    })
    const [declined] = await tx
      .update(contracts)
      .set({
        status: 'declined',
        declinedAt: now,
        declineReason: reason,
        viewedAt: current.viewedAt ?? now,
        updatedAt: now,
      })
      .where(eq(contracts.id, id))
      .returning()
    if (!declined) throw notFound()
    await addEvent(tx, declined, 'declined', now, signerOf(declined, client), request, { reason })
    await contractMoves.audit(tx, client, 'contract.decline', declined, { reason })
    await deps.outbox.enqueue(
      contractDeclinedMail(contractsInbox, {
        number: declined.number ?? '',
        title: declined.title,
        who: declined.party?.companyName
          ? `${declined.party.name} (${declined.party.companyName})`
          : (declined.party?.name ?? client.email),
        email: client.email,
        reason,
        link: staffContractLink(deps.publicUrl, id),
      }),
      tx,
    )
    return declined
  })
}

export async function withdrawContract(
  deps: ContractDeps,
  actor: ContractStaff,
  id: string,
  reason: string,
  request: RequestFacts,
): Promise<Contract> {
  const now = clockOf(deps)
  return deps.db.transaction(async (tx) => {
    await contractMoves.begin(tx, id, {
      event: 'withdraw',
      party: 'staff',
      facts: businessDate(now),
    })
    const [withdrawn] = await tx
      .update(contracts)
      .set({ status: 'withdrawn', withdrawnAt: now, withdrawReason: reason, updatedAt: now })
      .where(eq(contracts.id, id))
      .returning()
    if (!withdrawn) throw notFound()
    await addEvent(tx, withdrawn, 'withdrawn', now, actor, request, { reason })
    await contractMoves.audit(tx, actor, 'contract.withdraw', withdrawn, { reason })
    if (withdrawn.party) {
      await deps.outbox.enqueue(
        contractWithdrawnMail(withdrawn.party.email, {
          number: withdrawn.number ?? '',
          title: withdrawn.title,
          clientName: withdrawn.party.name,
          reason,
          link: clientContractLink(deps.publicUrl, id),
        }),
        tx,
      )
    }
    return withdrawn
  })
}

/**
 * Staff countersign a contract the client signed: the text must still hash to what was signed.
 * The final PDF (both signatures and the certificate) is made, kept and e-mailed to both sides.
 */
export async function countersignContract(
  deps: ContractDeps,
  actor: ContractStaff,
  id: string,
  fullName: string,
  request: RequestFacts,
): Promise<Contract> {
  const now = clockOf(deps)
  return deps.db.transaction(async (tx) => {
    const { row: current } = await contractMoves.begin(tx, id, {
      event: 'countersign',
      party: 'staff',
      facts: businessDate(now),
    })
    requireIntactText(current)
    const [countersigned] = await tx
      .update(contracts)
      .set({
        status: 'countersigned',
        countersignerName: fullName,
        countersignerEmail: actor.email,
        countersignerUserId: actor.userId,
        countersignedAt: now,
        countersignerIp: request.ip,
        countersignerUserAgent: request.userAgent,
        updatedAt: now,
      })
      .where(eq(contracts.id, id))
      .returning()
    if (!countersigned) throw notFound()
    await addEvent(tx, countersigned, 'countersigned', now, { ...actor, name: fullName }, request)
    await contractMoves.audit(tx, actor, 'contract.countersign', countersigned)
    const file = await issuePdf(tx, countersigned, 'countersigned', now)
    const mail = {
      number: countersigned.number ?? '',
      title: countersigned.title,
      clientName: countersigned.party?.name ?? '',
      pdf: file,
    }
    const clientEmail = countersigned.signerEmail ?? countersigned.party?.email
    if (clientEmail) {
      await deps.outbox.enqueue(
        contractCountersignedMail(clientEmail, 'client', { ...mail, link: clientContractLink(deps.publicUrl, id) }),
        tx,
      )
    }
    await deps.outbox.enqueue(
      contractCountersignedMail(contractsInbox, 'staff', { ...mail, link: staffContractLink(deps.publicUrl, id) }),
      tx,
    )
    return countersigned
  })
}

/** Makes the signed PDF from the record as it stands in this transaction, and keeps it byte for byte. */
async function issuePdf(
  tx: Tx,
  contract: Contract,
  stage: 'signed' | 'countersigned',
  now: Date,
): Promise<{ filename: string; content: Buffer; sha256: string }> {
  const events = await tx
    .select()
    .from(contractEvents)
    .where(eq(contractEvents.contractId, contract.id))
    .orderBy(asc(contractEvents.seq))
  const content = await contractPdf({ contract, events, generatedAt: now })
  const sha256 = fileSha256(content)
  await tx.insert(contractFiles).values({ contractId: contract.id, stage, sha256, pdf: content, createdAt: now })
  return { filename: contractPdfFilename(contract, stage), content, sha256 }
}
