import { PlusIcon } from 'lucide-react'
import { Link } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { placeholders } from '~/features/contracts/placeholders'
import { businessDateTimeFormat } from '~/lib/business-time'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { listTemplates } from '../../../server/contracts/queries.server.ts'
import type { Route } from './+types/contract-templates'

// /admin/contracts/templates: the agreements contracts are made from, and their placeholders.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Contract templates',
    description: `The standard agreements of ${business.name}.`,
    path: '/admin/contracts/templates',
    matches,
    noindex: true,
  })

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  const templates = await listTemplates(database.db)
  return {
    templates: templates.map((t) => ({
      id: t.id,
      title: t.title,
      description: t.description,
      updated: `${businessDateTimeFormat.format(t.updatedAt)}${t.updatedByEmail ? ` by ${t.updatedByEmail}` : ''}`,
    })),
  }
}

export default function ContractTemplates({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-6 py-10">
      <p className="text-muted-foreground text-sm">
        <Link to="/admin/contracts" className="underline-offset-4 hover:underline">
          Contracts
        </Link>
      </p>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-bold text-3xl tracking-tight">Contract templates</h1>
        <Button asChild>
          <Link to="/admin/contracts/templates/new">
            <PlusIcon aria-hidden="true" />
            New template
          </Link>
        </Button>
      </div>
      <p className="text-muted-foreground text-sm">
        Editing a template changes the contracts made from it afterwards; contracts already made keep their own text.
      </p>
      {loaderData.templates.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-8 text-center">No templates yet.</p>
      ) : (
        <ul className="grid gap-3">
          {loaderData.templates.map((t) => (
            <li key={t.id} className="grid gap-1 rounded-xl border bg-card p-5">
              <Link to={`/admin/contracts/templates/${t.id}`} className="font-semibold text-lg text-primary underline">
                {t.title}
              </Link>
              <p className="text-sm">{t.description}</p>
              <p className="text-muted-foreground text-xs">Last changed {t.updated}</p>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="placeholders-title" className="grid gap-2">
        <h2 id="placeholders-title" className="font-semibold text-xl">
          Placeholders
        </h2>
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          {placeholders.map((p) => (
            <div key={p.key} className="contents">
              <dt>
                <code>{`{{${p.key}}}`}</code>
              </dt>
              <dd className="text-muted-foreground">
                {p.label}: {p.hint}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  )
}
