import { lazy, Suspense, useEffect, useState } from 'react'
import { toastSettings, useToasts } from '~/lib/toast'

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })))

/**
 * The toaster (Radix Toast) is downloaded when the first toast is raised, or when the notification
 * hotkey is pressed, rather than with every page: most visits never see a toast. The toast store
 * keeps what was raised meanwhile, so nothing is lost while the module loads.
 */
export function DeferredToaster() {
  const count = useToasts().length
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (count > 0) setWanted(true)
  }, [count])
  useEffect(() => {
    if (wanted) return
    const onKey = (event: KeyboardEvent) => {
      if ((toastSettings.hotkey as readonly string[]).includes(event.key)) setWanted(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [wanted])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
