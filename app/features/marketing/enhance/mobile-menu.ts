/**
 * The mobile menu: a native modal <dialog> (focus kept inside, Escape, the rest of the page inert)
 * opened by the header's menu button. Markup in features/marketing/site-header.tsx; behaviour here, with
 * listeners on the document (see services-menu.ts for why). A click on the backdrop or on any link
 * closes it; the browser returns focus to the menu button.
 */
export const MOBILE_MENU_TRIGGER_ATTR = 'data-mobile-menu-trigger'

export function enhanceMobileMenu(doc: Document = document): () => void {
  const dialogOf = (trigger: Element) => {
    const element = doc.getElementById(trigger.getAttribute('aria-controls') ?? '')
    return element instanceof HTMLDialogElement ? element : null
  }
  const triggerOf = (dialog: HTMLDialogElement) => doc.querySelector(`[aria-controls="${dialog.id}"]`)

  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return
    const trigger = event.target.closest(`[${MOBILE_MENU_TRIGGER_ATTR}]`)
    if (trigger) {
      const dialog = dialogOf(trigger)
      if (!dialog || dialog.open) return
      dialog.showModal()
      trigger.setAttribute('aria-expanded', 'true')
      return
    }
    const dialog = event.target.closest('dialog[data-mobile-menu]')
    if (!(dialog instanceof HTMLDialogElement) || !dialog.open) return
    // The dialog element itself is only hit outside its content, on the backdrop.
    if (event.target === dialog || event.target.closest('a[href], [data-mobile-menu-close]')) dialog.close()
  }
  // 'close' fires for Escape, for close() and for a form method=dialog: the button follows.
  const onClose = (event: Event) => {
    const dialog = event.target
    if (dialog instanceof HTMLDialogElement && dialog.hasAttribute('data-mobile-menu')) {
      triggerOf(dialog)?.setAttribute('aria-expanded', 'false')
    }
  }

  doc.addEventListener('click', onClick)
  doc.addEventListener('close', onClose, true)
  return () => {
    doc.removeEventListener('click', onClick)
    doc.removeEventListener('close', onClose, true)
  }
}
