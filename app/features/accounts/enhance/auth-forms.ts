import { passwordMeter } from '~/features/accounts/password-meter'

/**
 * The sign-in page's behaviour without React (it is served in islands mode,
 * docs/frontend-performance.md): its forms are plain HTML posts to the page's action, and this adds
 * what the app's components do on top: the password strength meter as the person types (the same
 * `passwordMeter` as the React field) and the busy label of a submit button while its form is sent.
 * Listeners sit on the document, so markup the server renders later (none today) is covered too.
 */
export function enhanceAuthForms(doc: Document = document): () => void {
  const onInput = (event: Event) => {
    const input = event.target
    if (!(input instanceof HTMLInputElement) || !input.dataset.strengthMeter) return
    const id = input.dataset.strengthMeter
    const { bars, label } = passwordMeter(input.value)
    const barsElement = doc.getElementById(`${id}-bars`)
    barsElement?.querySelectorAll('span').forEach((bar, i) => {
      bar.className = bars[i] ?? bar.className
    })
    const labelElement = doc.getElementById(id)
    if (labelElement && labelElement.textContent !== label) labelElement.textContent = label
  }
  const onSubmit = (event: SubmitEvent) => {
    if (event.defaultPrevented) return
    const button = event.submitter
    if (!(button instanceof HTMLButtonElement) || !button.dataset.busyLabel) return
    // After the submit has started (the button's own name and value are already in it): a second
    // press does not send the form twice, and the label says what is happening.
    setTimeout(() => {
      busy.set(button, button.textContent ?? '')
      button.disabled = true
      button.textContent = button.dataset.busyLabel ?? button.textContent
    }, 0)
  }
  // Back to this page from the next one (the browser's page cache keeps the page as it was): the
  // buttons work again.
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return
    for (const [button, label] of busy) {
      button.disabled = false
      button.textContent = label
    }
    busy.clear()
  }
  const busy = new Map<HTMLButtonElement, string>()
  const view = doc.defaultView
  doc.addEventListener('input', onInput)
  doc.addEventListener('submit', onSubmit)
  view?.addEventListener('pageshow', onPageShow)
  return () => {
    doc.removeEventListener('input', onInput)
    doc.removeEventListener('submit', onSubmit)
    view?.removeEventListener('pageshow', onPageShow)
  }
}
