import { eq } from 'drizzle-orm'
import { normalizeContractText } from '../../app/features/contracts/placeholders.ts'
import type { TemplateInput } from '../../app/features/contracts/schema.ts'
import { DomainError } from '../../app/lib/domain-error.ts'
import { type AuditActor, recordAudit } from '../audit/audit.server.ts'
import type { Db } from '../db/client.server.ts'
import { type ContractTemplate, contractTemplates } from '../db/schema/index.server.ts'
import { isContractId } from './contracts.server.ts'

/** Staff edit templates; contracts already made from one keep their own copy of the text. */

export async function createTemplate(db: Db, actor: AuditActor, input: TemplateInput): Promise<ContractTemplate> {
  return db.transaction(async (tx) => {
    const [template] = await tx
      .insert(contractTemplates)
      .values({ ...input, body: normalizeContractText(input.body), updatedByEmail: actor.email })
      .returning()
    if (!template) throw new Error('insert returned no row')
    await recordAudit(tx, actor, {
      action: 'contract_template.create',
      subjectId: template.id,
      details: { title: template.title },
    })
    return template
  })
}

export async function updateTemplate(
  db: Db,
  actor: AuditActor,
  id: string,
  input: TemplateInput,
): Promise<ContractTemplate> {
  if (!isContractId(id)) throw new DomainError('not_found', 'There is no such template.')
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contractTemplates).where(eq(contractTemplates.id, id)).for('update')
    if (!current) throw new DomainError('not_found', 'There is no such template.')
    const body = normalizeContractText(input.body)
    const [template] = await tx
      .update(contractTemplates)
      .set({ ...input, body, updatedByEmail: actor.email, updatedAt: new Date() })
      .where(eq(contractTemplates.id, id))
      .returning()
    if (!template) throw new DomainError('not_found', 'There is no such template.')
    const changed = (['title', 'description', 'body'] as const).filter((key) => current[key] !== template[key])
    await recordAudit(tx, actor, {
      action: 'contract_template.update',
      subjectId: id,
      details: { title: template.title, changed },
    })
    return template
  })
}
