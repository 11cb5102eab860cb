import { FileSearchIcon, ShieldAlertIcon, ShieldCheckIcon, ShieldQuestionIcon } from 'lucide-react'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { hashFormSchema } from '~/features/contracts/schema'
import { contractStatusLabels } from '~/features/contracts/states'
import { formatSignatureTime } from '~/features/contracts/time'
import { DomainError } from '~/lib/domain-error'
import { intentAction } from '~/lib/forms/intent-action.server'
import { fieldErrors } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { Button } from '~/ui/button'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { type Verification, verifyHash, verifyPdf } from '../../../server/contracts/queries.server.ts'
import type { Route } from './+types/contract-verify'

// /admin/contracts/verify: someone has a contract PDF in hand (the client, a lawyer, an insurer);
// is it one we issued, and does it still say what was signed? Upload the file, or paste a hash.
// What "its hash" means is in docs/contracts.md: the SHA-256 of the file, matched against every
// PDF we issued; failing that, the contract number and text hash the PDF carries, against the record.

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Verify a contract PDF',
    description: `Check a contract PDF against the records of ${business.name}.`,
    path: '/admin/contracts/verify',
    matches,
    noindex: true,
  })

/** The page's body limit is the server's (100 KB); a contract PDF is a few tens of KB. */
const maxPdfBytes = 95_000

function present(v: Verification) {
  const contract =
    'contract' in v && v.contract
      ? {
          id: v.contract.id,
          number: v.contract.number,
          title: v.contract.title,
          status: contractStatusLabels[v.contract.status],
          clientName: v.contract.clientName,
          signedAt: v.contract.signedAt ? formatSignatureTime(v.contract.signedAt) : null,
          countersignedAt: v.contract.countersignedAt ? formatSignatureTime(v.contract.countersignedAt) : null,
          textIntact: v.contract.integrity.state === 'intact',
        }
      : null
  return {
    result: v.result,
    sha256: v.sha256,
    stage: v.result === 'issued-file' ? v.stage : null,
    issuedAt: v.result === 'issued-file' ? formatSignatureTime(v.issuedAt) : null,
    claimedNumber: 'claimedNumber' in v ? v.claimedNumber : null,
    claimedTextSha256: 'claimedTextSha256' in v ? v.claimedTextSha256 : null,
    contract,
  }
}

/** A PDF in hand: a file the size of ours that starts as a PDF, or a field error. */
async function uploadedPdf(file: File): Promise<Uint8Array> {
  if (file.size > maxPdfBytes) {
    throw new DomainError('invalid', 'This file is too large to be one of our contract PDFs.', {
      fields: { pdf: ['Choose a contract PDF (under 95 KB).'] },
    })
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
    throw new DomainError('invalid', 'This file is not a PDF.', { fields: { pdf: ['Choose a PDF file.'] } })
  }
  return bytes
}

// A check changes nothing: the database not answering is only a reason to try again (503, logged once).
export const action = intentAction(
  {
    verify: {
      run: async (ctx) => {
        const { database } = ctx.context.get(appContext)
        const file = ctx.form.get('pdf')
        if (file instanceof File && file.size > 0) return present(await verifyPdf(database.db, await uploadedPdf(file)))
        const checked = hashFormSchema.safeParse({ hash: ctx.values.hash ?? '' })
        if (!checked.success) {
          throw new DomainError('invalid', 'Choose a PDF, or paste a SHA-256 hash.', {
            fields: fieldErrors(checked.error),
          })
        }
        return present(await verifyHash(database.db, checked.data.hash))
      },
      done: (verification) => ({ verification }),
    },
  },
  { outage: 'The database did not answer. Try again in a minute.' },
)

export default function ContractVerify() {
  const result = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const errors = result && !result.ok ? result.fieldErrors : undefined
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-6 py-10">
      <p className="text-muted-foreground text-sm">
        <Link to="/admin/contracts" className="underline-offset-4 hover:underline">
          Contracts
        </Link>
      </p>
      <h1 className="font-bold text-3xl tracking-tight">Verify a contract PDF</h1>
      <p className="text-muted-foreground">
        Check a contract PDF someone has in hand against our records: we compare the SHA-256 of the file with every PDF
        we issued, and read the contract number and text hash it carries. Or paste a SHA-256 (of a file, or the text
        hash printed on its certificate page).
      </p>
      {result && !result.ok && <FormMessage tone="error">{result.message}</FormMessage>}
      <Form method="post" encType="multipart/form-data" className="grid gap-4 rounded-xl border bg-card p-6" noValidate>
        <Field label="Contract PDF" optional error={errors?.pdf}>
          <Input name="pdf" type="file" accept="application/pdf,.pdf" />
        </Field>
        <Field label="Or a SHA-256 hash" optional hint="64 characters, 0-9 and a-f" error={errors?.hash}>
          <Input name="hash" autoComplete="off" spellCheck={false} className="font-mono" />
        </Field>
        <div>
          <Button type="submit" size="lg" disabled={busy}>
            <FileSearchIcon aria-hidden="true" />
            Verify
          </Button>
        </div>
      </Form>
      {result?.ok && result.verification && <Outcome v={result.verification} />}
    </div>
  )
}

function Outcome({ v }: { v: ReturnType<typeof present> }) {
  // Only a file whose SHA-256 we issued is genuine; a pasted text hash names a record, not a file.
  const good = v.result === 'issued-file'
  const partly = v.result === 'text-hash'
  const Icon = good ? ShieldCheckIcon : partly ? ShieldQuestionIcon : ShieldAlertIcon
  const headline = {
    'issued-file': `Genuine: this is exactly the PDF we issued${v.stage === 'countersigned' ? ' after both signatures' : ' after the client signed'}, on ${v.issuedAt}.`,
    'text-hash':
      'This is the text hash recorded for one of our contracts. It says nothing about a file: check the PDF itself.',
    'not-issued': `Not a file we issued: no PDF we issued has this SHA-256, whatever it says about itself. It calls itself ${v.claimedNumber}; compare its text with our record before relying on any of it.`,
    'unknown-number': `Not a file we issued: it calls itself ${v.claimedNumber}, and we have no contract with that number.`,
    unknown: 'Not a file we issued: this matches no contract PDF or text we issued.',
  }[v.result]
  return (
    <section aria-labelledby="outcome-title" className="grid gap-3 rounded-xl border bg-card p-6" role="status">
      <h2 id="outcome-title" className="flex items-start gap-2 font-semibold text-lg">
        <Icon
          className={`mt-0.5 size-5 shrink-0 ${good ? 'text-success' : partly ? 'text-primary' : 'text-destructive'}`}
          aria-hidden="true"
        />
        {headline}
      </h2>
      <p className="break-all text-muted-foreground text-sm">
        SHA-256 checked <code>{v.sha256}</code>
      </p>
      {v.claimedNumber && (
        <p className="break-all text-sm">
          The PDF says it is {v.claimedNumber}, text SHA-256 <code>{v.claimedTextSha256}</code>.
        </p>
      )}
      {v.contract && (
        <div className="grid gap-1 text-sm">
          <p>
            <Link to={`/admin/contracts/${v.contract.id}`} className="font-semibold text-primary underline">
              {v.contract.title} {v.contract.number}
            </Link>{' '}
            for {v.contract.clientName}: {v.contract.status}.
            {v.result === 'not-issued' && ' Open it to read the text we recorded and compare.'}
          </p>
          {v.contract.signedAt && <p>Signed by the client {v.contract.signedAt}.</p>}
          {v.contract.countersignedAt && <p>Countersigned {v.contract.countersignedAt}.</p>}
          <p>
            {v.contract.textIntact
              ? 'Our stored text still matches its recorded hash.'
              : 'Warning: our stored text no longer matches its recorded hash.'}
          </p>
        </div>
      )}
    </section>
  )
}
