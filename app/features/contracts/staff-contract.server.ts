import type { contractDetail } from '../../../server/contracts/queries.server.ts'
import { unfilledPlaceholders } from './placeholders'
import { availableContractEvents, shownContractStatus } from './states'
import { formatSignatureTime } from './time'

type Detail = NonNullable<Awaited<ReturnType<typeof contractDetail>>>

/**
 * What the staff contract page (/admin/contracts/{id}) shows: the contract, its signatures, its
 * trail and issued PDFs, and what the transition table lets staff do now.
 */
export function staffContractView(detail: Detail, today: string, staffName: string) {
  const { contract, events, files, integrity } = detail
  return {
    id: contract.id,
    heading: contract.number ? `${contract.title} ${contract.number}` : `Draft: ${contract.title}`,
    title: contract.title,
    body: contract.body,
    status: contract.status,
    shown: shownContractStatus(contract, today),
    expiresOn: contract.expiresOn,
    updatedAt: contract.updatedAt.toISOString(),
    client: contract.party ?? null,
    unfilled: unfilledPlaceholders(contract.body),
    integrity,
    actions: availableContractEvents({ status: contract.status, expired: contract.expiresOn < today }, 'staff'),
    staffName,
    signature: contract.signedAt
      ? {
          name: contract.signerName,
          email: contract.signerEmail,
          at: formatSignatureTime(contract.signedAt),
          ip: contract.signerIp,
          userAgent: contract.signerUserAgent,
        }
      : null,
    countersignature: contract.countersignedAt
      ? { name: contract.countersignerName, at: formatSignatureTime(contract.countersignedAt) }
      : null,
    declineReason: contract.declineReason,
    withdrawReason: contract.withdrawReason,
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      name: e.actorName,
      email: e.actorEmail,
      at: formatSignatureTime(e.at),
      ip: e.ip,
    })),
    files: files.map((f) => ({ id: f.id, stage: f.stage, sha256: f.sha256, at: formatSignatureTime(f.createdAt) })),
  }
}

export type StaffContractView = ReturnType<typeof staffContractView>
