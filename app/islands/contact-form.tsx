import { ContactForm } from '~/features/booking/contact-form'
import { HONEYPOT_FIELD } from '~/features/booking/limits'
import { hydrateIsland, islandProps } from './hydrate'

/** The home page's contact form as an island (islands/island.tsx). */
export function hydrateContactForm(host: HTMLElement): Promise<void> {
  const { labelledBy } = islandProps(host)
  const form = host.querySelector('form')
  // Whatever was typed before the form became interactive stays in it.
  const initialValues = form ? Object.fromEntries(readTextFields(form)) : {}
  return hydrateIsland(
    host,
    <ContactForm labelledBy={typeof labelledBy === 'string' ? labelledBy : undefined} initialValues={initialValues} />,
  )
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
