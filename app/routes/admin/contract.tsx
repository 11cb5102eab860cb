import { data, redirect, useActionData, useSearchParams } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { contractDeps, contractsToday, requestFactsOf } from '~/features/contracts/context.server'
import { ContractText } from '~/features/contracts/contract-text'
import { IntegrityNotice } from '~/features/contracts/integrity'
import { contractDraftFormSchema, countersignFormSchema, withdrawFormSchema } from '~/features/contracts/schema'
import { staffContractView } from '~/features/contracts/staff-contract.server'
import { CountersignForm, DraftEditor, Outcome, Trail, WithdrawDialog } from '~/features/contracts/staff-contract-page'
import { ContractStatusBadge } from '~/features/contracts/status-badge'
import { formatCalendarDate } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { FormMessage } from '~/ui/field'
import { DownloadButton, PageHeader } from '~/ui/page-header'
import {
  countersignContract,
  deleteContractDraft,
  sendContract,
  updateContractDraft,
  withdrawContract,
} from '../../../server/contracts/contracts.server.ts'
import { contractDetail } from '../../../server/contracts/queries.server.ts'
import type { Route } from './+types/contract'

// /admin/contracts/{id}: a draft in the editor (title, text, sign-by date) with Send and Delete; a
// sent contract with its text, whether the text still matches its recorded hash, its trail and
// issued PDFs, and what the transition table allows now: withdraw (before signing), countersign.

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    title: loaderData?.heading ?? 'Contract',
    description: `A service agreement of ${business.name}.`,
    path: `/admin/contracts/${params.id}`,
    matches,
    noindex: true,
  })

const notFound = () => data({ error: 'There is no contract at this address.' }, { status: 404 })

export const loader = async (args: Route.LoaderArgs) => {
  const { database } = args.context.get(appContext)
  const detail = await contractDetail(database.db, args.params.id)
  if (!detail) throw notFound()
  return staffContractView(detail, contractsToday(), guardedUser(args.context).name || '')
}

/** The staff member acting, the contract services, and the contract of the page. */
function staffWork(ctx: IntentContext) {
  const user = guardedUser(ctx.context)
  const actor = { userId: user.userId, email: user.email, name: user.name || user.email }
  return { deps: contractDeps(ctx.context), actor, id: ctx.params.id ?? '' }
}

export const action = intentAction(
  {
    save: {
      schema: contractDraftFormSchema,
      run: (ctx, draft) => {
        const { deps, actor, id } = staffWork(ctx)
        return updateContractDraft(deps, actor, id, new Date(ctx.values.updatedAt ?? ''), draft)
      },
      done: 'Draft saved.',
    },
    send: {
      run: (ctx) => {
        const { deps, actor, id } = staffWork(ctx)
        return sendContract(deps, actor, id, requestFactsOf(ctx))
      },
      done: 'Sent: the client has been e-mailed a link to sign it.',
    },
    delete: {
      run: async (ctx) => {
        const { deps, actor, id } = staffWork(ctx)
        await deleteContractDraft(deps, actor, id)
        return redirect('/admin/contracts')
      },
    },
    withdraw: {
      schema: withdrawFormSchema,
      run: (ctx, { reason }) => {
        const { deps, actor, id } = staffWork(ctx)
        return withdrawContract(deps, actor, id, reason, requestFactsOf(ctx))
      },
      done: 'Withdrawn: the client has been told.',
    },
    countersign: {
      schema: countersignFormSchema,
      run: (ctx, { fullName }) => {
        const { deps, actor, id } = staffWork(ctx)
        return countersignContract(deps, actor, id, fullName, requestFactsOf(ctx))
      },
      done: 'Countersigned: both sides have been e-mailed the final PDF.',
    },
  },
  { outage: nothingRecordedMessage },
)

export default function AdminContract({ loaderData }: Route.ComponentProps) {
  const loaded = loaderData
  const result = useActionData<typeof action>()
  const [params] = useSearchParams()
  useResultToast(result, { ok: 'Done', failed: 'Not recorded' })
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-6 py-10">
      <PageHeader
        crumbs={[{ to: '/admin/contracts', label: 'Contracts' }]}
        title={loaded.heading}
        actions={<DownloadButton href={`/admin/contracts/${loaded.id}/pdf`} />}
      >
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <ContractStatusBadge status={loaded.shown} />
          {loaded.client && (
            <span>
              for {loaded.client.companyName ? `${loaded.client.companyName} · ` : ''}
              {loaded.client.name} ({loaded.client.email})
            </span>
          )}
          <span className="text-muted-foreground">sign by {formatCalendarDate(loaded.expiresOn)}</span>
        </p>
      </PageHeader>
      {params.get('created') && !result && (
        <FormMessage tone="success">Draft created from the template. Check the text, then send it.</FormMessage>
      )}
      {result && (result.ok || !result.fieldErrors) && (
        <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
      )}
      {loaded.status === 'draft' ? (
        <DraftEditor loaded={loaded} result={result} />
      ) : (
        <>
          <IntegrityNotice integrity={loaded.integrity} />
          <Outcome loaded={loaded} />
          {loaded.actions.includes('countersign') && <CountersignForm loaded={loaded} result={result} />}
          {loaded.actions.includes('withdraw') && <WithdrawDialog result={result} />}
          <ContractText body={loaded.body} />
          <Trail loaded={loaded} />
        </>
      )}
    </div>
  )
}
