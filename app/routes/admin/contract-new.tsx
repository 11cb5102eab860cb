import { useState } from 'react'
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { contractDeps, contractsToday, requestFactsOf } from '~/features/contracts/context.server'
import { placeholders } from '~/features/contracts/placeholders'
import { newContractFormSchema } from '~/features/contracts/schema'
import { addDays } from '~/lib/business-time'
import { intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { ErrorSummary, Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/ui/select'
import { createContract } from '../../../server/contracts/contracts.server.ts'
import { listTemplates } from '../../../server/contracts/queries.server.ts'
import {
  listAddressableOrganisations,
  organisationChoiceLabel,
} from '../../../server/organisations/addressee.server.ts'
import type { Route } from './+types/contract-new'

// /admin/contracts/new: a contract for a client from a template; the terms fill its placeholders,
// and the draft opens in the editor, where the filled text can still be changed before sending.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'New contract',
    description: `A new service agreement of ${business.name}.`,
    path: '/admin/contracts/new',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  const url = new URL(args.request.url)
  const [templates, organisations] = await Promise.all([
    listTemplates(database.db),
    listAddressableOrganisations(database.db, 'contracts'),
  ])
  return {
    templates: templates.map((t) => ({ id: t.id, title: t.title, description: t.description })),
    // The form picks an organisation (ADR 028): by name, kind and town, with the person it is addressed to.
    clients: organisations.map((o) => ({ id: o.id, label: organisationChoiceLabel(o) })),
    initialClient: organisations.find((o) => o.id === url.searchParams.get('organisation'))?.id ?? '',
    expiresOn: addDays(contractsToday(), 30),
  }
}

const labels: Record<string, string> = {
  templateId: 'Template',
  organisationId: 'Client',
  clientId: 'Client',
  plan: 'Plan',
  pricePerUser: 'Price per user',
  users: 'Number of users',
  startDate: 'Start date',
  term: 'Term',
  expiresOn: 'Sign by',
}

export const action = intentAction({
  create: {
    schema: newContractFormSchema,
    run: async (ctx, input) => {
      const user = guardedUser(ctx.context)
      const actor = { userId: user.userId, email: user.email, name: user.name || user.email }
      const contract = await createContract(contractDeps(ctx.context), actor, input, requestFactsOf(ctx))
      return redirect(`/admin/contracts/${contract.id}?created=1`)
    },
  },
})

export default function NewContract({ loaderData }: Route.ComponentProps) {
  const { templates, clients, initialClient, expiresOn } = loaderData
  const result = useActionData<typeof action>()
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const typed = result && !result.ok ? result.values : undefined
  const busy = useNavigation().state === 'submitting'
  const [templateId, setTemplateId] = useState(typed?.templateId ?? '')
  const [clientId, setClientId] = useState(typed?.organisationId ?? initialClient)
  const hint = (key: string) => placeholders.find((p) => p.key === key)?.hint
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-6 py-10">
      <p className="text-muted-foreground text-sm">
        <Link to="/admin/contracts" className="underline-offset-4 hover:underline">
          Contracts
        </Link>
      </p>
      <h1 className="font-bold text-3xl tracking-tight">New contract</h1>
      {result && !result.ok && !errors && <FormMessage tone="error">{result.message}</FormMessage>}
      <Form method="post" className="grid gap-5 rounded-xl border bg-card p-6" noValidate>
        <ErrorSummary labels={Object.keys(errors ?? {}).map((k) => labels[k] ?? k)} />
        <Field label="Template" error={errors?.templateId} required>
          <Select name="templateId" value={templateId} onValueChange={setTemplateId}>
            <SelectTrigger>
              <SelectValue placeholder="Choose a template" />
            </SelectTrigger>
            <SelectContent>
              {templates.map((t) => (
                <SelectItem key={t.id} value={t.id}>
                  {t.title}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        {templateId && (
          <p className="-mt-3 text-muted-foreground text-sm">
            {templates.find((t) => t.id === templateId)?.description}
          </p>
        )}
        <Field
          label="Client"
          hint="Client organisations with an approved owner (an owner signs); type to jump to a name. The owner in brackets and the business name fill the text."
          error={errors?.organisationId ?? errors?.clientId}
          required
        >
          <Select name="organisationId" value={clientId} onValueChange={setClientId}>
            <SelectTrigger>
              <SelectValue placeholder="Choose a client organisation" />
            </SelectTrigger>
            <SelectContent>
              {clients.map((c) => (
                <SelectItem key={c.id} value={c.id}>
                  {c.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Plan" hint={hint('plan')} error={errors?.plan} required>
            <Input name="plan" defaultValue={typed?.plan ?? ''} maxLength={120} />
          </Field>
          <Field label="Price per user" hint={hint('price_per_user')} error={errors?.pricePerUser} required>
            <Input name="pricePerUser" defaultValue={typed?.pricePerUser ?? ''} maxLength={40} />
          </Field>
          <Field label="Number of users" hint={hint('users')} error={errors?.users} required>
            <Input name="users" defaultValue={typed?.users ?? ''} maxLength={20} />
          </Field>
          <Field label="Start date" hint={hint('start_date')} error={errors?.startDate} required>
            <Input name="startDate" defaultValue={typed?.startDate ?? ''} maxLength={40} />
          </Field>
          <Field label="Term" hint={hint('term')} error={errors?.term} required>
            <Input name="term" defaultValue={typed?.term ?? ''} maxLength={60} />
          </Field>
          <Field label="Sign by" hint="The last New York date it can be signed." error={errors?.expiresOn} required>
            <Input name="expiresOn" type="date" defaultValue={typed?.expiresOn ?? expiresOn} />
          </Field>
        </div>
        <div>
          <Button type="submit" size="lg" disabled={busy}>
            Create draft
          </Button>
        </div>
      </Form>
    </div>
  )
}
