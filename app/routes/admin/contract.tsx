import { PenLineIcon, SendIcon, Trash2Icon, UndoIcon } from 'lucide-react'
import { useState } from 'react'
import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { contractDeps, contractsToday, requestFactsOf } from '~/features/contracts/context.server'
import { ContractText } from '~/features/contracts/contract-text'
import { IntegrityNotice } from '~/features/contracts/integrity'
import { unfilledPlaceholders } from '~/features/contracts/placeholders'
import { contractDraftFormSchema, countersignFormSchema, withdrawFormSchema } from '~/features/contracts/schema'
import { availableContractEvents, shownContractStatus } from '~/features/contracts/states'
import { ContractStatusBadge } from '~/features/contracts/status-badge'
import { formatSignatureTime } from '~/features/contracts/time'
import { ContractTrail } from '~/features/contracts/trail'
import { formatCalendarDate } from '~/lib/business-time'
import { nothingRecordedMessage } from '~/lib/database-outage'
import { type IntentContext, type IntentResult, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/ui/dialog'
import { ErrorSummary, Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { DownloadButton, PageHeader } from '~/ui/page-header'
import { ReasonDialog } from '~/ui/reason-dialog'
import { Textarea } from '~/ui/textarea'
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
  const { contract, events, files, integrity } = detail
  const today = contractsToday()
  const user = guardedUser(args.context)
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
    staffName: user.name || '',
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

type Result = IntentResult

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

type Data = Route.ComponentProps['loaderData']

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

function Outcome({ loaded }: { loaded: Data }) {
  return (
    <>
      {loaded.signature && (
        <FormMessage tone="notice">
          Signed by {loaded.signature.name} ({loaded.signature.email}) on {loaded.signature.at}, from IP{' '}
          {loaded.signature.ip}.
          {loaded.countersignature &&
            ` Countersigned by ${loaded.countersignature.name} on ${loaded.countersignature.at}.`}
        </FormMessage>
      )}
      {loaded.declineReason && <FormMessage tone="notice">Declined by the client: {loaded.declineReason}</FormMessage>}
      {loaded.withdrawReason && <FormMessage tone="notice">Withdrawn: {loaded.withdrawReason}</FormMessage>}
    </>
  )
}

function DraftEditor({ loaded, result }: { loaded: Data; result: Result | undefined }) {
  const busy = useNavigation().state === 'submitting'
  const errors = result && !result.ok && result.intent !== 'send' ? result.fieldErrors : undefined
  const typed = result && !result.ok && result.intent === 'save' ? result.values : undefined
  const [body, setBody] = useState(typed?.body ?? loaded.body)
  const unfilled = unfilledPlaceholders(body)
  const labels = [errors?.title && 'Title', errors?.body && 'Text', errors?.expiresOn && 'Sign by'].filter(
    Boolean,
  ) as string[]
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="grid content-start gap-4">
        <Form method="post" className="grid content-start gap-4" noValidate>
          <ErrorSummary labels={labels} />
          <input type="hidden" name="updatedAt" value={loaded.updatedAt} />
          <Field label="Title" error={errors?.title} required>
            <Input name="title" defaultValue={typed?.title ?? loaded.title} maxLength={200} />
          </Field>
          <Field
            label="Text"
            hint="Markdown: # headings, - lists, 1. numbered lists, **bold**. Frozen once sent."
            error={errors?.body}
            required
          >
            <Textarea
              name="body"
              rows={24}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              className="font-mono text-sm"
            />
          </Field>
          <Field label="Sign by" hint="The last New York date it can be signed." error={errors?.expiresOn} required>
            <Input name="expiresOn" type="date" defaultValue={typed?.expiresOn ?? loaded.expiresOn} />
          </Field>
          {unfilled.length > 0 && (
            <FormMessage tone="notice">Still to fill or remove before sending: {unfilled.join(', ')}</FormMessage>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="save" variant="outline" disabled={busy}>
              Save draft
            </Button>
          </div>
        </Form>
        {/* Outside the editor's form: the dialog's own form must not submit the editor's. */}
        <DeleteDraft title={loaded.title} />
      </div>
      <div className="grid content-start gap-4">
        <section
          aria-labelledby="send-title"
          className="grid gap-3 rounded-xl border border-primary/40 bg-primary/5 p-5"
        >
          <h2 id="send-title" className="font-semibold text-lg">
            Send for signature
          </h2>
          <p className="text-muted-foreground text-sm">
            Sending numbers it, freezes the saved text and records its SHA-256, and e-mails the client a link. Save your
            changes first.
          </p>
          <Form method="post">
            <Button type="submit" name="intent" value="send" size="lg" disabled={busy}>
              <SendIcon aria-hidden="true" />
              Send contract to the client
            </Button>
          </Form>
        </section>
        <section aria-labelledby="preview-title" className="grid gap-2">
          <h2 id="preview-title" className="font-semibold text-lg">
            Preview
          </h2>
          <ContractText body={body} label="Preview of the contract text" />
        </section>
      </div>
    </div>
  )
}

/** Delete, with a confirm step in a dialog (focus moves into it; Escape or Cancel closes it). */
function DeleteDraft({ title }: { title: string }) {
  const navigation = useNavigation()
  const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete'
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" className="justify-self-start">
          <Trash2Icon aria-hidden="true" />
          Delete draft…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete the draft “{title}”?</DialogTitle>
          <DialogDescription>
            The draft and its text are gone for good; this cannot be undone. The client never saw it.
          </DialogDescription>
        </DialogHeader>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={deleting}>
              {deleting ? 'Deleting…' : 'Delete draft'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  )
}

function CountersignForm({ loaded, result }: { loaded: Data; result: Result | undefined }) {
  const busy = useNavigation().state === 'submitting'
  const errors = result && !result.ok && result.intent === 'countersign' ? result.fieldErrors : undefined
  return (
    <section
      aria-labelledby="countersign-title"
      className="grid gap-3 rounded-xl border border-primary/40 bg-primary/5 p-5"
    >
      <h2 id="countersign-title" className="font-semibold text-lg">
        Countersign for {business.legalName}
      </h2>
      <p className="text-muted-foreground text-sm">
        Your typed name is the business's signature. The final PDF, with both signatures and the certificate, is
        e-mailed to the client and to {business.email}.
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="countersign" />
        <Field label="Your full name" error={errors?.fullName} required className="min-w-72">
          <Input name="fullName" defaultValue={loaded.staffName} autoComplete="name" maxLength={120} />
        </Field>
        <Button type="submit" size="lg" disabled={busy}>
          <PenLineIcon aria-hidden="true" />
          Countersign
        </Button>
      </Form>
    </section>
  )
}

function WithdrawDialog({ result }: { result: Result | undefined }) {
  const errors = result && !result.ok && result.intent === 'withdraw' ? result.fieldErrors : undefined
  return (
    <ReasonDialog
      intent="withdraw"
      trigger={
        <>
          <UndoIcon aria-hidden="true" />
          Withdraw…
        </>
      }
      title="Withdraw this contract?"
      description="The client can no longer sign it and is e-mailed the reason."
      reasonRequired
      confirm="Withdraw contract"
      error={errors?.reason}
    />
  )
}

function Trail({ loaded }: { loaded: Data }) {
  return (
    <ContractTrail events={loaded.events}>
      {loaded.signature && (
        <p className="text-muted-foreground text-sm">Signer's browser: {loaded.signature.userAgent}</p>
      )}
      {loaded.files.length > 0 && (
        <>
          <h3 className="font-semibold text-lg">PDFs issued</h3>
          <ul className="grid gap-2 text-sm">
            {loaded.files.map((file) => (
              <li key={file.id} className="rounded-lg border bg-card p-3">
                {file.stage === 'countersigned' ? 'Final (both signatures)' : 'Signed by the client'}, {file.at}
                <span className="block break-all text-muted-foreground">
                  File SHA-256 <code>{file.sha256}</code>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </ContractTrail>
  )
}
