import { useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { type FieldErrors, fieldErrorsOf } from '~/lib/booking-schema'
import { errorToast, type FormKind, successToast } from '~/lib/form-feedback'
import { SubmitFormError, submitForm } from '~/lib/submit-form'
import { toast } from '~/lib/toast'
import { useFormHandlerAvailability } from '~/lib/use-form-handler'
import { focusFirstInvalid } from './form-field'

/**
 * The one form pattern of the booking and contact forms: check the payload with the shared schema
 * (errors inline, focus on the first), send it with the submit helper, show the toast, and call
 * onSuccess to reset. Blocked while submitting and when the availability check failed.
 */
export function useFormSubmission(kind: FormKind, schema: z.ZodType, onSuccess: () => void) {
  const availability = useFormHandlerAvailability()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const blocked = availability === 'unavailable'

  // After a blocked submit, focus lands on the first field to fix (its error is read with it).
  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(formRef.current)
  }, [attempt])

  function showErrors(fields: FieldErrors) {
    setErrors(fields)
    setAttempt((n) => n + 1)
  }

  async function submit(payload: Record<string, unknown>) {
    if (submitting || blocked) return
    const parsed = schema.safeParse(payload)
    if (!parsed.success) {
      showErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    setSubmitting(true)
    try {
      const outcome = await submitForm(payload)
      toast(successToast(kind, outcome))
      onSuccess()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof SubmitFormError && error.fields) showErrors(error.fields)
      toast(errorToast(kind, message))
    } finally {
      setSubmitting(false)
    }
  }

  /** Clears a field's error once the person changes it. */
  function clearError(field: string) {
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest)
  }

  return {
    availability,
    blocked,
    submitting,
    formRef,
    submit,
    clearError,
    errorOf: (field: string) => errors[field]?.[0],
    /** The fields with an error, in the order given. */
    invalid: <K extends string>(fields: readonly K[]) => fields.filter((field) => errors[field]),
  }
}
