import { navTimings } from '~/content/navigation'
import { createHoverIntent } from '~/features/marketing/hover-intent'

/**
 * The header's Services menu: a disclosure button and its panel of links (the WAI-ARIA "disclosure
 * navigation" pattern). The markup is rendered by features/marketing/site-header.tsx; this adds the
 * behaviour with listeners on the document, so it works on a page the server rendered without the
 * app's JavaScript (islands) and keeps working while React re-renders the header (app pages).
 *
 * Mouse: opens after 200 ms of hovering, at once within 300 ms of a menu closing, closes 150 ms after
 * the pointer left trigger and panel (features/marketing/hover-intent.ts). Click and keyboard act at once:
 * Enter/Space toggle, ArrowDown opens and moves to the first link, Escape closes and returns focus
 * to the button, focus or a click elsewhere closes.
 */
export const SERVICES_MENU_ATTR = 'data-services-menu'
const MENU = 'services'

export function enhanceServicesMenu(doc: Document = document): () => void {
  const parts = () => {
    const item = doc.querySelector<HTMLElement>(`[${SERVICES_MENU_ATTR}]`)
    const trigger = item?.querySelector<HTMLButtonElement>('button[aria-controls]')
    const panel = trigger ? doc.getElementById(trigger.getAttribute('aria-controls') ?? '') : null
    return item && trigger && panel ? { item, trigger, panel } : null
  }
  const isOpen = () => parts()?.trigger.getAttribute('aria-expanded') === 'true'

  const show = (open: boolean) => {
    const found = parts()
    if (!found) return
    const state = open ? 'open' : 'closed'
    found.trigger.setAttribute('aria-expanded', String(open))
    found.trigger.dataset.state = state
    found.panel.dataset.state = state
    found.panel.hidden = !open
  }
  const intent = createHoverIntent(navTimings, (value) => show(value === MENU))
  const set = (open: boolean) => {
    intent.sync(open ? MENU : '')
    show(open)
  }

  const within = (node: EventTarget | null, element: Element | undefined) =>
    node instanceof Node && element !== undefined && element.contains(node)

  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return
    const found = parts()
    if (!found) return
    if (within(event.target, found.trigger) && !within(event.relatedTarget, found.trigger)) intent.pointerEnter()
    if (within(event.target, found.panel)) intent.contentEnter()
  }
  const onPointerMove = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return
    const found = parts()
    if (found && within(event.target, found.trigger)) intent.pointerMove(MENU)
  }
  const onPointerOut = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return
    const found = parts()
    if (!found) return
    for (const region of [found.trigger, found.panel]) {
      if (within(event.target, region) && !within(event.relatedTarget, region)) intent.pointerLeave()
    }
  }
  const onClick = (event: MouseEvent) => {
    const found = parts()
    if (!found) return
    if (within(event.target, found.trigger)) {
      if (isOpen()) {
        // Closed by a click: hovering must not reopen it until the pointer comes back.
        intent.block()
        set(false)
      } else set(true)
      return
    }
    // A link chosen in the panel closes it (the page changes, or stays on an app page).
    if (event.target instanceof Element && event.target.closest('a[href]') && within(event.target, found.panel)) {
      set(false)
    }
  }
  const onPointerDown = (event: PointerEvent) => {
    const found = parts()
    if (found && isOpen() && !within(event.target, found.item)) set(false)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const found = parts()
    if (!found) return
    if (event.key === 'ArrowDown' && event.target === found.trigger) {
      event.preventDefault()
      set(true)
      found.panel.querySelector<HTMLElement>('a[href]')?.focus()
    } else if (event.key === 'Escape' && isOpen() && within(event.target, found.item)) {
      intent.block()
      set(false)
      found.trigger.focus()
    }
  }
  const onFocusIn = (event: FocusEvent) => {
    const found = parts()
    if (found && isOpen() && !within(event.target, found.item)) set(false)
  }

  const listeners = [
    ['pointerover', onPointerOver],
    ['pointermove', onPointerMove],
    ['pointerout', onPointerOut],
    ['click', onClick],
    ['pointerdown', onPointerDown],
    ['keydown', onKeyDown],
    ['focusin', onFocusIn],
  ] as const
  for (const [type, listener] of listeners) doc.addEventListener(type, listener as EventListener)
  return () => {
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener as EventListener)
    intent.dispose()
  }
}
