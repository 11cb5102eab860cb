import { redirect } from 'react-router'
import type { z } from 'zod'
import { nothingSavedMessage } from '../database-outage'
import { checkForm, reply } from './action.server'
import type { ActionResult, FieldErrors } from './result'

/**
 * The action of a content editor (a blog post, a town page): one page for a new record and an
 * existing one, with Delete, Save checked by the form's schema, and a save over a newer one refused.
 * What it does, in order, for every editor alike:
 *  - `intent=delete`: delete, then go to the list (`remove` gives its address; null: not found);
 *  - any other intent than `save`: refused;
 *  - the fields checked by the schema: refused with the messages on their fields;
 *  - a new record: created, then its editor (`create` gives the address);
 *  - an existing one: saved over the `updatedAt` the form was loaded with, or refused;
 *  - a failure the editor knows (`refusal`): its answer; any other is thrown on.
 * Every refusal sends the fields back as typed, so nothing typed is lost. The route wraps it in
 * `withOutageReply(…, editorOutage)`, which answers a database outage (503, the values as sent).
 */

export type EditorResult = ActionResult & { conflictAt?: string }

type Refuse = (
  status: number,
  message: string,
  fieldErrors?: FieldErrors,
  conflictAt?: Date,
) => ReturnType<typeof reply>

/** An editor's words for a database outage: a Delete was not done, a Save was not saved (the text stays). */
export const editorOutage = {
  message: (sent: Record<string, string>) =>
    sent.intent === 'delete'
      ? 'The database did not answer, so nothing was deleted. Your text is still here: try again in a minute.'
      : nothingSavedMessage,
}

export async function editorAction<S extends z.ZodType>(editor: {
  submitted: Record<string, string>
  id: string | undefined
  /** For the log and the refusal of a delete with nothing to delete: "blog post", "town page". */
  what: string
  fields: readonly string[]
  schema: S
  remove: (id: string) => Promise<string | null>
  create: (data: z.output<S>) => Promise<string>
  update: (id: string, loadedAt: Date, data: z.output<S>) => Promise<string>
  refusal: (error: unknown, refuse: Refuse) => ReturnType<typeof reply> | undefined
  notFound: () => unknown
}) {
  const { submitted, id, what } = editor

  if (submitted.intent === 'delete') {
    if (!id) return reply<EditorResult>({ ok: false, message: `A new ${what} has nothing to delete.` })
    const next = await editor.remove(id)
    if (next === null) throw editor.notFound()
    return redirect(next)
  }
  if (submitted.intent !== 'save') {
    return reply<EditorResult>({ ok: false, message: 'Unknown request. Reload the page and try again.' })
  }

  const values = Object.fromEntries(editor.fields.map((name) => [name, submitted[name] ?? '']))
  const refuse: Refuse = (status, message, fieldErrors, conflictAt) =>
    reply<EditorResult>(
      {
        ok: false,
        message,
        values,
        ...(fieldErrors ? { fieldErrors } : {}),
        ...(conflictAt ? { conflictAt: conflictAt.toISOString() } : {}),
      },
      { status },
    )
  const checked = checkForm(editor.schema, values, { message: 'Check the highlighted fields. Nothing was saved.' })
  if (!checked.ok) return refuse(400, checked.result.message, checked.result.fieldErrors)

  try {
    if (!id) return redirect(await editor.create(checked.data))
    const loadedAt = new Date(submitted.updatedAt ?? '')
    if (Number.isNaN(loadedAt.getTime())) return refuse(400, 'The form is incomplete. Reload the page.')
    return reply<EditorResult>({ ok: true, message: await editor.update(id, loadedAt, checked.data) })
  } catch (error) {
    const known = editor.refusal(error, refuse)
    if (known) return known
    throw error
  }
}
