import { PenLineIcon, SendIcon, Trash2Icon, UndoIcon } from 'lucide-react'
import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { business } from '~/content/business'
import type { IntentResult } from '~/lib/forms/intent-action.server'
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
import { ReasonDialog } from '~/ui/reason-dialog'
import { Textarea } from '~/ui/textarea'
import { ContractText } from './contract-text'
import { unfilledPlaceholders } from './placeholders'
import type { StaffContractView } from './staff-contract.server'
import { ContractTrail } from './trail'

// The parts of the staff contract page (/admin/contracts/{id}): the draft editor with Send and
// Delete, and for a sent contract its outcome, countersigning, withdrawing and its trail.

type Result = IntentResult

export function Outcome({ loaded }: { loaded: StaffContractView }) {
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

export function DraftEditor({ loaded, result }: { loaded: StaffContractView; result: Result | undefined }) {
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
export function DeleteDraft({ title }: { title: string }) {
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

export function CountersignForm({ loaded, result }: { loaded: StaffContractView; result: Result | undefined }) {
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

export function WithdrawDialog({ result }: { result: Result | undefined }) {
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

export function Trail({ loaded }: { loaded: StaffContractView }) {
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
