import { useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { ContactForm, type ContactFormProps } from '~/components/contact-form'
import { DeferredToaster } from '~/components/ui/deferred-toaster'
import { HONEYPOT_FIELD } from '~/lib/form-limits'

/**
 * The home page's contact form as an island: React hydrates the server-rendered form (the same
 * component as on app pages) and mounts the toaster beside it. Resolves once the form is live.
 */
export function hydrateContactForm(host: HTMLElement): Promise<void> {
  const props = parseProps(host.dataset.islandProps)
  const form = host.querySelector('form')
  // Whatever was typed before the form became interactive stays in it.
  const initialValues = form ? Object.fromEntries(readTextFields(form)) : {}
  return new Promise((resolve) => {
    hydrateRoot(host, <Hydrated form={{ ...props, initialValues }} onHydrated={resolve} />)
    const toasts = document.createElement('div')
    toasts.dataset.toasterRoot = ''
    document.body.append(toasts)
    createRoot(toasts).render(<DeferredToaster />)
  })
}

/** The form, and a signal once React has committed it (its handlers are attached). */
function Hydrated({ form, onHydrated }: { form: ContactFormProps; onHydrated: () => void }) {
  useEffect(() => onHydrated(), [onHydrated])
  return <ContactForm {...form} />
}

function parseProps(raw: string | undefined): Pick<ContactFormProps, 'labelledBy'> {
  try {
    const value: unknown = JSON.parse(raw ?? '{}')
    if (value && typeof value === 'object' && 'labelledBy' in value && typeof value.labelledBy === 'string') {
      return { labelledBy: value.labelledBy }
    }
  } catch {
    // Our own attribute; fall through to no props.
  }
  return {}
}

const fieldNames: Record<string, 'name' | 'email' | 'phone' | 'message' | 'honeypot'> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  message: 'message',
  [HONEYPOT_FIELD]: 'honeypot',
}

function* readTextFields(form: HTMLFormElement): Generator<[string, string]> {
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue
    const key = fieldNames[element.name]
    if (key && element.value) yield [key, element.value]
  }
}
