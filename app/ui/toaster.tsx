import { CircleAlertIcon, CircleCheckIcon, InfoIcon } from 'lucide-react'
import { dismissToast, type ToastVariant, toastSettings, useToasts } from '~/lib/toast'
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast'

const icons: Record<ToastVariant, React.ReactNode> = {
  default: <InfoIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />,
  success: <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />,
  destructive: <CircleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />,
}

/** Renders the toasts raised with `toast()`. Mounted once, in the root layout. */
export function Toaster() {
  const toasts = useToasts()
  return (
    <ToastProvider
      duration={toastSettings.durationMs}
      swipeDirection={toastSettings.swipeDirection}
      swipeThreshold={toastSettings.swipeThreshold}
    >
      {toasts.map((item) => (
        <Toast
          key={item.id}
          variant={item.variant}
          duration={item.duration}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id)
          }}
        >
          {icons[item.variant]}
          <div className="grid min-w-0 gap-0.5">
            <ToastTitle>{item.title}</ToastTitle>
            {item.description && <ToastDescription>{item.description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={[...toastSettings.hotkey]} />
    </ToastProvider>
  )
}
