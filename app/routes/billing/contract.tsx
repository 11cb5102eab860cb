import { useActionData } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { can, organisationRefusals } from '~/features/accounts/access'
import { guardedUser } from '~/features/accounts/guards.server'
import { SignForm, StatusNotice } from '~/features/contracts/client-contract-page'
import {
  contractClient,
  contractDeps,
  contractNotFound,
  contractsToday,
  requestFactsOf,
} from '~/features/contracts/context.server'
import { ContractText } from '~/features/contracts/contract-text'
import { IntegrityNotice } from '~/features/contracts/integrity'
import { contractDeclineFormSchema, signFormSchema } from '~/features/contracts/schema'
import { availableContractEvents, shownContractStatus } from '~/features/contracts/states'
import { ContractStatusBadge } from '~/features/contracts/status-badge'
import { formatSignatureTime } from '~/features/contracts/time'
import { ContractTrail } from '~/features/contracts/trail'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { DomainError } from '~/lib/domain-error'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { FormMessage } from '~/ui/field'
import { BackLink, DownloadButton, PageHeader } from '~/ui/page-header'
import { declineContract, markContractViewed, signContract } from '../../../server/contracts/contracts.server.ts'
import { contractDetail } from '../../../server/contracts/queries.server.ts'
import type { Route } from './+types/contract'

// /billing/contracts/{id}: one of the client's own contracts, its full text, whether the text still
// matches what was sent and signed, and, while it waits, Sign (consent, full name) or Decline (a
// reason). The first opening is recorded (time and IP). Anyone else's, a draft, an unknown id: 404.

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta({
    title: loaderData ? `${loaderData.title} ${loaderData.number}` : 'Contract',
    description: `A service agreement with ${business.name}.`,
    path: location.pathname,
    matches,
    noindex: true,
  })

async function visitor(args: Pick<IntentContext, 'context'>) {
  const client = await contractClient(args.context, guardedUser(args.context))
  if (!client) throw contractNotFound()
  return client
}

/** Signing and declining are an owner's (`sign_contracts`); a billing person reads the contract only. */
async function signer(args: Pick<IntentContext, 'context'>) {
  const client = await visitor(args)
  if (!can(guardedUser(args.context), 'sign_contracts')) {
    throw new DomainError('forbidden', organisationRefusals.sign_contracts)
  }
  return client
}

export const loader = async (args: Route.LoaderArgs) => {
  const client = await visitor(args)
  const { database } = args.context.get(appContext)
  await markContractViewed(contractDeps(args.context), client, args.params.id, requestFactsOf(args))
  const detail = await contractDetail(database.db, args.params.id, client.organisationId)
  if (!detail) throw contractNotFound()
  const { contract, events, integrity } = detail
  const today = contractsToday()
  const facts = { status: contract.status, expired: contract.expiresOn < today }
  const mayDecide = can(guardedUser(args.context), 'sign_contracts')
  return {
    id: contract.id,
    title: contract.title,
    number: contract.number ?? '',
    body: contract.body,
    shown: shownContractStatus(contract, today),
    expiresOn: contract.expiresOn,
    textSha256: contract.textSha256 ?? '',
    integrity,
    actions: mayDecide ? availableContractEvents(facts, 'client') : [],
    // A billing person reads a contract waiting for a signature and hears who may sign it.
    signRefusal:
      !mayDecide && availableContractEvents(facts, 'client').includes('sign')
        ? organisationRefusals.sign_contracts
        : null,
    signature: contract.signedAt
      ? { name: contract.signerName, at: formatSignatureTime(contract.signedAt), ip: contract.signerIp }
      : null,
    countersignature: contract.countersignedAt
      ? { name: contract.countersignerName, at: formatSignatureTime(contract.countersignedAt) }
      : null,
    declineReason: contract.declineReason,
    withdrawReason: contract.withdrawReason,
    // A client sees the addresses of their own steps only; staff members' addresses are not theirs to see.
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      name: e.actorName,
      at: formatSignatureTime(e.at),
      ip: e.actorUserId === client.userId ? e.ip : null,
    })),
  }
}

export const action = intentAction(
  {
    sign: {
      schema: signFormSchema,
      run: async (ctx, { fullName }) => {
        const client = await signer(ctx)
        const shownSha256 = ctx.values.textSha256 ?? ''
        await signContract(
          contractDeps(ctx.context),
          client,
          contractId(ctx),
          { fullName, shownSha256 },
          requestFactsOf(ctx),
        )
      },
      done: 'Thank you: your signature is recorded. The signed PDF is on its way to your e-mail.',
    },
    decline: {
      schema: contractDeclineFormSchema,
      run: async (ctx, { reason }) => {
        const client = await signer(ctx)
        await declineContract(contractDeps(ctx.context), client, contractId(ctx), reason, requestFactsOf(ctx))
      },
      done: 'The contract is declined. Thank you for telling us why; we will be in touch.',
    },
  },
  { outage: nothingRecordedMessage },
)

const contractId = (ctx: IntentContext) => ctx.params.id ?? ''

export default function BillingContract({ loaderData }: Route.ComponentProps) {
  const data = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not recorded' })
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-6 py-10">
      <BackLink to="/billing/contracts">All contracts</BackLink>
      <PageHeader
        title={`${data.title} ${data.number}`}
        actions={<DownloadButton href={`/billing/contracts/${data.id}/pdf`} />}
      >
        <p className="flex items-center gap-2 text-sm">
          Status <ContractStatusBadge status={data.shown} />
        </p>
      </PageHeader>
      {result && !result.ok && !result.fieldErrors && <FormMessage tone="error">{result.message}</FormMessage>}
      <StatusNotice data={data} />
      <IntegrityNotice integrity={data.integrity} />
      <ContractText body={data.body} />
      {data.actions.includes('sign') && <SignForm data={data} result={result} />}
      {data.signRefusal && <FormMessage tone="notice">{data.signRefusal}</FormMessage>}
      <ContractTrail events={data.events} note="Times in New York time, with the UTC time recorded." />
    </div>
  )
}
