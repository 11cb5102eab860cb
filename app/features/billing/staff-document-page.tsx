import type React from 'react'
import { Link, useSearchParams } from 'react-router'
import { businessDateTimeFormat } from '~/lib/business-time'
import type { IntentResult } from '~/lib/forms/intent-action.server'
import type { FieldErrors } from '~/lib/forms/result'
import { FormMessage } from '~/ui/field'
import { DownloadButton, PageHeader } from '~/ui/page-header'
import { StaffDocumentBody } from './document-parts'
import { DraftEditor, editorValuesFrom } from './draft-editor'
import { kindLabels } from './labels'
import type { StaffDocumentPage } from './staff-document.server'
import { ConvertForm, DeleteDraftDialog, PaymentForm, RemindersForm, SendForm, VoidDialog } from './staff-panels'
import { StatusBadge } from './status-badge'

// The parts of the staff document page (/admin/billing/new and /admin/billing/{id}): a draft in
// the editor with Send and Delete, or a sent document with the moves the transition table allows.

type Result = IntentResult

export function useArrivalNotice() {
  const [params] = useSearchParams()
  if (params.get('created') === '1') return 'created'
  if (params.get('converted') === '1') return 'converted'
  return null
}

type DraftData = Extract<StaffDocumentPage, { view: 'new' | 'draft' }>
type SentData = Extract<StaffDocumentPage, { view: 'sent' }>

const formatTime = (iso: string) => businessDateTimeFormat.format(new Date(iso))

export function DraftPage({ data: loaded, result }: { data: DraftData; result: Result | undefined }) {
  const arrival = useArrivalNotice()
  const failedSave = result && !result.ok && result.intent === 'save'
  const initial = failedSave && result.values ? editorValuesFrom(result.values, loaded.initial) : loaded.initial
  const errors: FieldErrors | undefined = result && !result.ok ? result.fieldErrors : undefined
  const draft = loaded.view === 'draft' ? loaded : null
  return (
    <>
      <PageHeader
        align="start"
        title={loaded.title}
        actions={
          draft && (
            <>
              <DownloadButton href={`/admin/billing/${draft.id}/pdf`}>Saved draft as PDF</DownloadButton>
              <DeleteDraftDialog updatedAt={draft.updatedAt} />
            </>
          )
        }
      >
        <p className="text-muted-foreground text-sm">
          Only staff see a draft. Sending numbers it, freezes it and e-mails the client a link.
          {draft?.source?.number && ` Made from ${kindLabels[draft.source.kind].toLowerCase()} ${draft.source.number}.`}
        </p>
      </PageHeader>
      {arrival === 'created' && (
        <FormMessage tone="success">Draft created. Keep editing it here, then send it.</FormMessage>
      )}
      {arrival === 'converted' && (
        <FormMessage tone="success">The estimate is now a draft invoice: check the due date, then send it.</FormMessage>
      )}
      {result && !result.ok && result.intent !== 'save' && !result.fieldErrors && (
        <FormMessage tone="error">{result.message}</FormMessage>
      )}
      {draft && (
        <section
          aria-labelledby="send-heading"
          className="grid gap-2 rounded-xl border border-primary/40 bg-primary/5 p-6"
        >
          <h2 id="send-heading" className="font-semibold text-lg">
            Ready?
          </h2>
          <p className="text-muted-foreground text-sm">
            Save your changes first: sending sends the draft as last saved.
          </p>
          <div>
            <SendForm kind={draft.initial.kind} updatedAt={draft.updatedAt} />
          </div>
          {result && !result.ok && result.intent === 'send' && result.fieldErrors && (
            <FormMessage tone="error">{result.message}</FormMessage>
          )}
        </section>
      )}
      <DraftEditor
        key={draft?.updatedAt ?? 'new'}
        mode={draft ? 'edit' : 'new'}
        initial={initial}
        clients={loaded.clients}
        issuer={loaded.issuer}
        today={loaded.today}
        updatedAt={draft?.updatedAt}
        errors={failedSave ? errors : undefined}
        message={
          failedSave
            ? `${result.message}${result.conflictAt ? ` The other change was saved ${formatTime(result.conflictAt)}: reload to see it.` : ''}`
            : undefined
        }
      />
    </>
  )
}

export function SentDocument({
  data: loaded,
  result,
  children,
}: {
  data: SentData
  result: Result | undefined
  /** What another feature shows below the document (online payments on an invoice). */
  children?: React.ReactNode
}) {
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const kind = loaded.kind === 'receipt' ? null : loaded.kind
  return (
    <>
      <PageHeader
        align="start"
        title={
          <>
            {loaded.title} <StatusBadge status={loaded.shown} />
          </>
        }
        actions={<DownloadButton href={`/admin/billing/${loaded.id}/pdf`} />}
      >
        <p className="text-muted-foreground text-sm">
          For{' '}
          <Link to={`/admin/billing?client=${loaded.client.id}`} className="font-medium text-primary underline">
            {loaded.client.label}
          </Link>
        </p>
      </PageHeader>
      {result && !result.ok && !(result.intent === 'pay' && errors) && !(result.intent === 'void' && errors) && (
        <FormMessage tone="error">{result.message}</FormMessage>
      )}
      <StaffDocumentBody
        view={loaded}
        href={(id) => `/admin/billing/${id}`}
        drafts
        reminders={
          loaded.reminders &&
          loaded.events.includes('set-reminders') && <RemindersForm enabled={loaded.reminders.enabled} />
        }
        aside={
          <>
            {kind && loaded.events.includes('convert') && <ConvertForm />}
            {kind && loaded.events.includes('void') && (
              <VoidDialog
                kind={kind}
                number={loaded.number}
                error={result?.intent === 'void' ? errors?.reason : undefined}
              />
            )}
          </>
        }
      />
      {loaded.events.includes('pay') && (
        <PaymentForm
          // A recorded payment changes the balance: the form starts again from the new one.
          key={loaded.balanceCents}
          balanceCents={loaded.balanceCents}
          today={loaded.today}
          errors={result?.intent === 'pay' ? errors : undefined}
          values={result && !result.ok && result.intent === 'pay' ? result.values : undefined}
        />
      )}
      {children}
    </>
  )
}
