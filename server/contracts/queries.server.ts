import { and, asc, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm'
import { type ShownContractStatus, shownContractStatus } from '../../app/features/contracts/states.ts'
import type { Db } from '../db/client.server.ts'
import {
  type Contract,
  type ContractEvent,
  type ContractFile,
  clientOnboarding,
  contractEvents,
  contractFiles,
  contracts,
  contractTemplates,
} from '../db/schema/index.server.ts'
import { fileSha256, isContractId, textSha256 } from './contracts.server.ts'

/** What the contract pages read: lists, one contract with its trail and files, templates, verification. */

export const contractPageSize = 20

export type ContractListItem = {
  id: string
  number: string | null
  title: string
  status: Contract['status']
  shown: ShownContractStatus
  clientName: string
  companyName: string | null
  expiresOn: string
  sentAt: Date | null
  signedAt: Date | null
  createdAt: Date
}

const listColumns = {
  id: contracts.id,
  number: contracts.number,
  title: contracts.title,
  status: contracts.status,
  expiresOn: contracts.expiresOn,
  sentAt: contracts.sentAt,
  signedAt: contracts.signedAt,
  createdAt: contracts.createdAt,
  fullName: clientOnboarding.fullName,
  email: clientOnboarding.email,
  companyName: clientOnboarding.companyName,
}

function toItem(
  row: {
    id: string
    number: string | null
    title: string
    status: Contract['status']
    expiresOn: string
    sentAt: Date | null
    signedAt: Date | null
    createdAt: Date
    fullName: string | null
    email: string
    companyName: string | null
  },
  today: string,
): ContractListItem {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    status: row.status,
    shown: shownContractStatus(row, today),
    clientName: row.fullName || row.email,
    companyName: row.companyName,
    expiresOn: row.expiresOn,
    sentAt: row.sentAt,
    signedAt: row.signedAt,
    createdAt: row.createdAt,
  }
}

/** An organisation's contracts, never drafts, newest first. */
export async function listClientContracts(db: Db, organisationId: string, today: string): Promise<ContractListItem[]> {
  const rows = await db
    .select(listColumns)
    .from(contracts)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, contracts.clientId))
    .where(and(eq(contracts.organisationId, organisationId), ne(contracts.status, 'draft')))
    .orderBy(desc(contracts.createdAt))
    .limit(200)
  return rows.map((row) => toItem(row, today))
}

/** Every contract for staff, newest first, 20 a page, searched by number, title or client. */
export async function listStaffContracts(
  db: Db,
  filter: { q?: string | undefined; page: number },
  today: string,
): Promise<{ items: ContractListItem[]; total: number; page: number; pageCount: number }> {
  const conditions: SQL[] = []
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const match = or(
      ilike(contracts.number, like),
      ilike(contracts.title, like),
      ilike(clientOnboarding.fullName, like),
      ilike(clientOnboarding.companyName, like),
      ilike(clientOnboarding.email, like),
    )
    if (match) conditions.push(match)
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const [totalRow] = await db
    .select({ n: count() })
    .from(contracts)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, contracts.clientId))
    .where(where)
  const total = totalRow?.n ?? 0
  const pageCount = Math.max(1, Math.ceil(total / contractPageSize))
  const page = Math.min(filter.page, pageCount)
  const rows = await db
    .select(listColumns)
    .from(contracts)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, contracts.clientId))
    .where(where)
    .orderBy(desc(contracts.createdAt), desc(contracts.id))
    .limit(contractPageSize)
    .offset((page - 1) * contractPageSize)
  return { items: rows.map((row) => toItem(row, today)), total, page, pageCount }
}

export type ContractDetail = {
  contract: Contract
  events: ContractEvent[]
  /** The issued PDFs, newest last (without their bytes). */
  files: Omit<ContractFile, 'pdf'>[]
  /** The text's hash now, recomputed from what is stored, against what was recorded. */
  integrity: TextIntegrity
}

export type TextIntegrity =
  | { state: 'draft' }
  | { state: 'intact' | 'altered'; recorded: string; current: string; signed: boolean }

/** Recomputes the SHA-256 of the stored text and compares it with the one recorded when sent (and signed). */
export function textIntegrity(contract: Contract): TextIntegrity {
  if (contract.textSha256 === null) return { state: 'draft' }
  const current = textSha256(contract.body)
  const recorded = contract.signedSha256 ?? contract.textSha256
  return {
    state: current === recorded && current === contract.textSha256 ? 'intact' : 'altered',
    recorded,
    current,
    signed: contract.signedSha256 !== null,
  }
}

/**
 * One contract with its trail; an organisation's own and never a draft when `organisationId` is
 * given; null otherwise.
 */
export async function contractDetail(
  db: Db,
  id: string | undefined,
  organisationId?: string,
): Promise<ContractDetail | null> {
  if (!isContractId(id)) return null
  const conditions = [eq(contracts.id, id)]
  if (organisationId !== undefined) {
    conditions.push(eq(contracts.organisationId, organisationId), ne(contracts.status, 'draft'))
  }
  const [contract] = await db
    .select()
    .from(contracts)
    .where(and(...conditions))
    .limit(1)
  if (!contract) return null
  const [events, files] = await Promise.all([
    db.select().from(contractEvents).where(eq(contractEvents.contractId, id)).orderBy(asc(contractEvents.seq)),
    db
      .select({
        id: contractFiles.id,
        contractId: contractFiles.contractId,
        stage: contractFiles.stage,
        sha256: contractFiles.sha256,
        createdAt: contractFiles.createdAt,
      })
      .from(contractFiles)
      .where(eq(contractFiles.contractId, id))
      .orderBy(asc(contractFiles.createdAt)),
  ])
  return { contract, events, files, integrity: textIntegrity(contract) }
}

/** The latest PDF issued for a contract (the countersigned one once there is one), byte for byte. */
export async function latestContractFile(db: Db, contractId: string): Promise<ContractFile | null> {
  const [file] = await db
    .select()
    .from(contractFiles)
    .where(eq(contractFiles.contractId, contractId))
    .orderBy(desc(contractFiles.createdAt), desc(contractFiles.stage))
    .limit(1)
  return file ?? null
}

export function listTemplates(db: Db) {
  return db.select().from(contractTemplates).orderBy(asc(contractTemplates.title))
}

export async function templateById(db: Db, id: string | undefined) {
  if (!isContractId(id)) return null
  const [template] = await db.select().from(contractTemplates).where(eq(contractTemplates.id, id)).limit(1)
  return template ?? null
}

// Verification ------------------------------------------------------------------------------------

export type VerifiedContract = Pick<Contract, 'id' | 'number' | 'title' | 'status'> & {
  clientName: string
  signedAt: Date | null
  countersignedAt: Date | null
  integrity: TextIntegrity
}

export type Verification =
  /** The file is, byte for byte, a PDF the business issued. */
  | {
      result: 'issued-file'
      sha256: string
      stage: 'signed' | 'countersigned'
      issuedAt: Date
      contract: VerifiedContract
    }
  /**
   * Not a file we issued, whatever it says about itself: it names one of our contracts (a copy of
   * a genuine file's metadata costs a forger nothing), so the record's text is offered to compare.
   */
  | {
      result: 'not-issued'
      sha256: string
      claimedNumber: string
      claimedTextSha256: string
      contract: VerifiedContract
    }
  /** Not a file we issued, and the contract number it prints is not one of ours. */
  | { result: 'unknown-number'; sha256: string; claimedNumber: string; claimedTextSha256: string }
  /** A pasted hash that is the text hash of a sent contract. */
  | { result: 'text-hash'; sha256: string; contract: VerifiedContract }
  | { result: 'unknown'; sha256: string }

async function verifiedContract(db: Db, where: SQL): Promise<VerifiedContract | null> {
  const [row] = await db
    .select({ contract: contracts, fullName: clientOnboarding.fullName, email: clientOnboarding.email })
    .from(contracts)
    .innerJoin(clientOnboarding, eq(clientOnboarding.id, contracts.clientId))
    .where(and(where, ne(contracts.status, 'draft')))
    .limit(1)
  if (!row) return null
  const c = row.contract
  return {
    id: c.id,
    number: c.number,
    title: c.title,
    status: c.status,
    clientName: c.party?.name ?? (row.fullName || row.email),
    signedAt: c.signedAt,
    countersignedAt: c.countersignedAt,
    integrity: textIntegrity(c),
  }
}

/**
 * What the file's Info dictionary says about itself: the Keywords our PDFs carry,
 * "CTR-2026-0001 text-sha256:<64 hex>". The dictionary is not compressed, so it is read from the
 * bytes directly; a PDF from elsewhere simply has none.
 */
export function claimedIdentity(pdf: Uint8Array): { number: string; textSha256: string } | null {
  const text = Buffer.from(pdf).toString('latin1')
  const identity = /^\((CTR-\d{4}-\d{4,}) text-sha256:([0-9a-f]{64})\)/
  // The Info dictionary names its Keywords directly, or (as react-pdf writes it) by reference.
  const direct = /\/Keywords\s*(\(.*?\))/.exec(text)?.[1]
  const reference = /\/Keywords\s+(\d+)\s+0\s+R/.exec(text)?.[1]
  const referenced = reference
    ? new RegExp(`(?:^|\\s)${reference}\\s+0\\s+obj\\s*(\\(.*?\\))`).exec(text)?.[1]
    : undefined
  const match = identity.exec(direct ?? referenced ?? '')
  return match ? { number: match[1] ?? '', textSha256: match[2] ?? '' } : null
}

/**
 * Checks a PDF in hand against the records. Only its file hash can make it genuine; the identity it
 * prints only says which record to compare it with.
 */
export async function verifyPdf(db: Db, pdf: Uint8Array): Promise<Verification> {
  const sha256 = fileSha256(pdf)
  const byFile = await verifyFileHash(db, sha256)
  if (byFile) return byFile
  const claimed = claimedIdentity(pdf)
  if (!claimed) return { result: 'unknown', sha256 }
  const contract = await verifiedContract(db, eq(contracts.number, claimed.number))
  const base = { sha256, claimedNumber: claimed.number, claimedTextSha256: claimed.textSha256 }
  return contract ? { result: 'not-issued', ...base, contract } : { result: 'unknown-number', ...base }
}

async function verifyFileHash(db: Db, sha256: string): Promise<Verification | null> {
  const [file] = await db
    .select({ contractId: contractFiles.contractId, stage: contractFiles.stage, createdAt: contractFiles.createdAt })
    .from(contractFiles)
    .where(eq(contractFiles.sha256, sha256))
    .limit(1)
  if (!file) return null
  const contract = await verifiedContract(db, eq(contracts.id, file.contractId))
  return contract ? { result: 'issued-file', sha256, stage: file.stage, issuedAt: file.createdAt, contract } : null
}

/** A pasted SHA-256: the file hash of a PDF we issued, or the text hash of a sent contract. */
export async function verifyHash(db: Db, sha256: string): Promise<Verification> {
  const byFile = await verifyFileHash(db, sha256)
  if (byFile) return byFile
  const contract = await verifiedContract(db, eq(contracts.textSha256, sha256))
  return contract ? { result: 'text-hash', sha256, contract } : { result: 'unknown', sha256 }
}
