import { useEffect, useState } from 'react'
import { toast } from '../../lib/toast'
import { configurationErrorToast } from './feedback'
import { FORM_ENDPOINT } from './submit'

export type HandlerAvailability = 'checking' | 'available' | 'unavailable'

/**
 * The availability check: on page load an OPTIONS request to the form handler; a 2xx
 * answer means it is there. Anything else (an error status, no answer) raises the Configuration
 * Error toast once, and the form shows the red banner and blocks submitting.
 */
export function useFormHandlerAvailability(endpoint: string = FORM_ENDPOINT): HandlerAvailability {
  const [state, setState] = useState<HandlerAvailability>('checking')
  useEffect(() => {
    let cancelled = false
    fetch(endpoint, { method: 'OPTIONS', headers: { Accept: 'application/json' } })
      .then(
        (response) => (response.ok ? 'available' : 'unavailable'),
        () => 'unavailable' as const,
      )
      .then((result) => {
        if (cancelled) return
        setState(result)
        if (result === 'unavailable') toast(configurationErrorToast)
      })
    return () => {
      cancelled = true
    }
  }, [endpoint])
  return state
}
