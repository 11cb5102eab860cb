import { redirect } from 'react-router'
import type { z } from 'zod'
import { nothingDeletedMessage } from '../database-outage'
import { DomainError } from '../domain-error'
import type { Intent, IntentContext, IntentResult } from './intent-action.server'

/**
 * The intent table of a content editor (a blog post, a town page): one page for a new record and an
 * existing one, with Save checked by the form's schema and Delete. For every editor alike:
 *  - `delete`: delete, then go to the list (`remove` gives its address; null: not found);
 *  - `save`: the fields checked by the schema; a new record is created, then its editor opens
 *    (`create` gives the address); an existing one is saved over the `updatedAt` the form was
 *    loaded with, or refused as a conflict (the service's DomainError);
 * Every refusal sends the fields back as typed (the action helper does), so nothing typed is lost;
 * an outage says what was not done in the editor's words (a Delete was not done, the text stays).
 *
 *   export const action = intentAction(editorIntents({ what: 'post', schema, remove, create, update }))
 */

export type EditorResult = IntentResult

export function editorIntents<S extends z.ZodType>(editor: {
  /** For the refusal of a delete with nothing to delete: "post", "town page". */
  what: string
  schema: S
  remove: (ctx: IntentContext, id: string) => Promise<string | null>
  create: (ctx: IntentContext, data: z.output<S>) => Promise<string>
  update: (ctx: IntentContext, id: string, loadedAt: Date, data: z.output<S>) => Promise<string>
  notFound: () => unknown
}) {
  const remove: Intent<undefined, Response> = {
    run: async (ctx) => {
      const id = ctx.params.id
      if (!id) throw new DomainError('invalid', `A new ${editor.what} has nothing to delete.`)
      const next = await editor.remove(ctx, id)
      if (next === null) throw editor.notFound()
      return redirect(next)
    },
    outage: nothingDeletedMessage,
  }
  const save: Intent<S, Response | string> = {
    schema: editor.schema,
    invalid: 'Check the highlighted fields. Nothing was saved.',
    run: async (ctx, checked) => {
      // What `schema` gave (TypeScript cannot follow a generic schema through the table's types).
      const data = checked as z.output<S>
      const id = ctx.params.id
      if (!id) return redirect(await editor.create(ctx, data))
      const loadedAt = new Date(ctx.values.updatedAt ?? '')
      if (Number.isNaN(loadedAt.getTime())) throw new DomainError('invalid', 'The form is incomplete. Reload the page.')
      return editor.update(ctx, id, loadedAt, data)
    },
    done: (message) => message,
  }
  return { save, delete: remove }
}
