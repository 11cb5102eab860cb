import { useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { errorToast, type FormKind, successToast } from '~/features/booking/feedback'
import { submitForm } from '~/features/booking/submit'
import { useFormHandlerAvailability } from '~/features/booking/use-handler-availability'
import { type FieldErrors, fieldErrors, firstError } from '~/lib/forms/result'
import { toast } from '~/lib/toast'
import { focusFirstInvalid } from '~/ui/field'

/**
 * The schema, or a function that loads it: the home page's contact form passes a loader so the
 * validator (zod) is only downloaded once someone starts filling the form in.
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>)

/**
 * The one form pattern of the booking and contact forms: check the payload with the shared schema
 * (errors inline, focus on the first), send it with the submit helper, show the toast, and call
 * onSuccess to reset. Blocked while submitting and when the availability check failed.
 */
export function useFormSubmission(kind: FormKind, source: SchemaSource, onSuccess: () => void) {
  const availability = useFormHandlerAvailability()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const blocked = availability === 'unavailable'
  const schemaRef = useRef<Promise<z.ZodType> | null>(null)

  /** Starts loading the schema (call it on first focus); resolves to it. */
  function loadSchema(): Promise<z.ZodType> {
    if (typeof source !== 'function') return Promise.resolve(source)
    if (!schemaRef.current) {
      schemaRef.current = source()
      // A failed download is retried on the next attempt instead of being remembered.
      schemaRef.current.catch(() => {
        schemaRef.current = null
      })
    }
    return schemaRef.current
  }

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
    let schema: z.ZodType
    try {
      schema = await loadSchema()
    } catch {
      toast(errorToast(kind, 'The form could not be checked because part of the page did not load. Please try again.'))
      return
    }
    const parsed = schema.safeParse(payload)
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setSubmitting(true)
    try {
      const result = await submitForm(payload)
      if (result.ok) {
        toast(successToast(kind, result.outcome))
        onSuccess()
      } else {
        if (result.failure.fields) showErrors(result.failure.fields)
        toast(errorToast(kind, result.failure.message))
      }
    } catch (error) {
      // A bug in the page itself (submitForm answers every failure of the request as a value).
      toast(errorToast(kind, error instanceof Error ? error.message : String(error)))
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
    /** Starts downloading the validator ahead of the submit (e.g. on the form's first focus). */
    prepare: () => void loadSchema().catch(() => {}),
    clearError,
    errorOf: (field: string) => firstError(errors, field),
    /** The fields with an error, in the order given. */
    invalid: <K extends string>(fields: readonly K[]) => fields.filter((field) => errors[field]),
  }
}
