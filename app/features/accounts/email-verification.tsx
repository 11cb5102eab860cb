import { CircleCheckIcon, CircleXIcon, LoaderCircleIcon, MailIcon, PhoneIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useFetcher, useSearchParams } from 'react-router'
import { business } from '~/content/business'
import { toast } from '~/lib/toast'
import { Button } from '~/ui/button'

/** The failure toast's text when neither the link nor the provider says more. */
export const verificationFailure = 'There was a problem verifying your email'

/** True when the home page was opened from a verification link (`?token=`). */
export function useVerificationLink(): boolean {
  const [params] = useSearchParams()
  return params.has('token')
}

type Result = { ok: boolean; message?: string | undefined }

/**
 * The e-mail verification result screen: loading, then confirmed or failed. It
 * confirms by posting the link's token and e-mail once the page has loaded in a browser.
 */
export function EmailVerificationScreen() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const email = params.get('email')
  const fetcher = useFetcher<Result>()
  const started = useRef(false)
  const announced = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    if (!email) {
      toast({
        title: 'Verification failed',
        description: 'Email parameter is missing from verification link',
        variant: 'destructive',
      })
      return
    }
    void fetcher.submit({ token, email }, { method: 'post', action: '/auth/verify-email' })
  }, [email, token, fetcher])

  const result = fetcher.data
  useEffect(() => {
    if (!result || announced.current) return
    announced.current = true
    if (result.ok) {
      toast({
        title: 'Email verified!',
        description: 'Your account has been verified successfully.',
        variant: 'success',
      })
    } else {
      toast({
        title: 'Verification failed',
        description: result.message ?? verificationFailure,
        variant: 'destructive',
      })
    }
  }, [result])

  const state = !email || (result && !result.ok) ? 'failed' : result?.ok ? 'confirmed' : 'loading'

  return (
    <section
      className="bg-gradient-to-b from-secondary to-background px-6 py-16 sm:py-24"
      aria-labelledby="verification-title"
    >
      <div
        className="mx-auto grid max-w-lg justify-items-center gap-5 rounded-xl border bg-card p-8 text-center shadow-sm"
        aria-live="polite"
      >
        {state === 'loading' && (
          <>
            <LoaderCircleIcon className="size-12 animate-spin text-primary" aria-hidden="true" />
            <h1 id="verification-title" className="font-bold text-2xl tracking-tight">
              Confirming your e-mail address
            </h1>
            <p role="status">Loading</p>
          </>
        )}
        {state === 'confirmed' && (
          <>
            <CircleCheckIcon className="size-12 text-success" aria-hidden="true" />
            <h1 id="verification-title" className="font-bold text-2xl tracking-tight">
              Email Confirmed
            </h1>
            <p>
              Your e-mail address is confirmed. Your account is now <strong>pending approval</strong>: our staff review
              new accounts, usually within one business day, and e-mail you as soon as yours is approved.
            </p>
            <p className="text-muted-foreground text-sm">You can log in now to follow its status on your dashboard.</p>
            <Button asChild size="lg">
              <Link to="/auth">Log in</Link>
            </Button>
          </>
        )}
        {state === 'failed' && (
          <>
            <CircleXIcon className="size-12 text-destructive" aria-hidden="true" />
            <h1 id="verification-title" className="font-bold text-2xl tracking-tight">
              Verification Failed
            </h1>
            <p>
              {email
                ? (result?.message ?? verificationFailure)
                : 'This link is incomplete: the e-mail address is missing. Open the link from the e-mail again, or ask for a new one when you log in.'}
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <Button asChild size="lg">
                <Link to="/auth">Back to login</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <a href={`mailto:${business.supportEmail}`}>
                  <MailIcon aria-hidden="true" />
                  Contact support
                </a>
              </Button>
            </div>
            <p className="text-muted-foreground text-sm">
              <PhoneIcon className="me-1 inline size-4" aria-hidden="true" />
              Or call us at{' '}
              <a href={`tel:${business.phoneE164}`} className="font-semibold text-primary underline">
                {business.phone}
              </a>
            </p>
          </>
        )}
      </div>
    </section>
  )
}
