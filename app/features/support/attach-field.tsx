import { ticketLimits } from './catalogue'

/** The file input of a ticket form: up to 5 files, each up to 10 MB, 25 MB together. */
export function AttachField({ error }: { error?: string[] | string | undefined }) {
  const message = Array.isArray(error) ? error[0] : error
  return (
    <div className="grid gap-2">
      <label htmlFor="attachments" className="font-medium text-sm">
        Files <span className="font-normal text-muted-foreground">(optional)</span>
      </label>
      <input
        id="attachments"
        name="attachments"
        type="file"
        multiple
        accept="image/png,image/jpeg,image/gif,image/webp,image/bmp,image/tiff,image/heic,.pdf,.txt,.log,.csv,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.zip"
        aria-describedby="attachments-hint"
        aria-invalid={message ? true : undefined}
        className="min-h-11 w-full rounded-md border border-input bg-background p-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:font-semibold"
      />
      <p id="attachments-hint" className="text-muted-foreground text-sm">
        Up to {ticketLimits.attachmentsPerMessage} files, 10 MB each and 25 MB together: screenshots and photos (not
        SVG), PDF, text and log files, office documents, zip archives.
      </p>
      {message && (
        <p className="font-medium text-destructive text-sm" role="alert">
          {message}
        </p>
      )}
    </div>
  )
}
