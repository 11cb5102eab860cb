import { CircleAlertIcon } from 'lucide-react'
import { business } from '~/content/business'
import { handlerUnavailable } from '~/features/booking/feedback'

/** The red banner shown when the availability check failed; the form is blocked meanwhile. */
export function FormHandlerBanner() {
  return (
    <div
      role="alert"
      data-testid="form-handler-banner"
      className="flex gap-3 rounded-lg bg-destructive p-4 text-destructive-foreground shadow-sm"
    >
      <CircleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1 text-sm">
        <p className="font-semibold text-base">{handlerUnavailable.title}</p>
        <p>{handlerUnavailable.description}</p>
        <p>
          Meanwhile, please call us at{' '}
          <a className="font-semibold underline underline-offset-2" href={`tel:${business.phoneE164}`}>
            {business.phone}
          </a>{' '}
          or e-mail{' '}
          <a className="font-semibold underline underline-offset-2" href={`mailto:${business.email}`}>
            {business.email}
          </a>
          .
        </p>
      </div>
    </div>
  )
}
