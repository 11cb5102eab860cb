import { createRoot } from 'react-dom/client'
import { type ToastOptions, toast } from '~/lib/toast'
import { DeferredToaster } from '~/ui/deferred-toaster'

let toasterMounted = false

/** Mounts the toaster once per islands page, which has no React tree of its own for it. */
export function mountToaster(): void {
  if (toasterMounted) return
  toasterMounted = true
  const host = document.createElement('div')
  host.dataset.toasterRoot = ''
  document.body.append(host)
  createRoot(host).render(<DeferredToaster />)
}

/** Raises a toast on an islands page (React and the toaster are downloaded with the first one). */
export function showToast(options: ToastOptions): void {
  mountToaster()
  toast(options)
}
