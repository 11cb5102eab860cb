import { ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react'

export type IntegrityView =
  | { state: 'draft' }
  | { state: 'intact' | 'altered'; recorded: string; current: string; signed: boolean }

/**
 * Whether the stored text still hashes to what was recorded when it was sent (and signed),
 * recomputed for this page view. A mismatch means the text was changed outside the application.
 */
export function IntegrityNotice({ integrity }: { integrity: IntegrityView }) {
  if (integrity.state === 'draft') return null
  const what = integrity.signed ? 'signed' : 'sent'
  if (integrity.state === 'intact') {
    return (
      <section
        aria-label="Text verification"
        className="flex gap-3 rounded-lg border border-success/40 bg-success/5 p-4 text-sm"
      >
        <ShieldCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">Verified: the text below is exactly the text that was {what}.</p>
          <p className="break-all text-muted-foreground">
            SHA-256 <code>{integrity.current}</code>
          </p>
        </div>
      </section>
    )
  }
  return (
    <section
      aria-label="Text verification"
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm"
    >
      <ShieldAlertIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">
          Does not match: the stored text is no longer the text that was {what}. Do not rely on it; your signed PDF is
          the record.
        </p>
        <p className="break-all text-muted-foreground">
          Recorded SHA-256 <code>{integrity.recorded}</code>
        </p>
        <p className="break-all text-muted-foreground">
          SHA-256 of the text now <code>{integrity.current}</code>
        </p>
      </div>
    </section>
  )
}
