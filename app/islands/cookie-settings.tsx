import { createRoot, type Root } from 'react-dom/client'
import { browserSendsGpc, readConsentStorage, saveConsent } from '~/features/consent/browser'
import { CookieSettingsDialog } from '~/features/consent/cookie-settings-dialog'
import { type ConsentChoices, effectiveChoices, readSavedConsent } from '~/features/consent/policy'

/**
 * The Cookie Settings dialog (Radix Dialog and switches) in a React root of its own, created on the
 * first opening: the banner and the footer button are plain markup (features/consent/enhance-banner.ts),
 * so pages without the app's JavaScript load React only when someone opens the settings.
 */
let root: Root | null = null
let opening = 0

export function openCookieSettingsDialog(opener: HTMLElement | null): void {
  if (!root) {
    const host = document.createElement('div')
    host.dataset.cookieSettingsRoot = ''
    document.body.append(host)
    root = createRoot(host)
  }
  const gpc = browserSendsGpc()
  const initial = effectiveChoices(readSavedConsent(readConsentStorage().consent, new Date()), gpc)
  opening += 1
  render(true, initial, gpc, opener)
}

function render(open: boolean, initial: ConsentChoices, gpc: boolean, opener: HTMLElement | null): void {
  const close = () => render(false, initial, gpc, opener)
  root?.render(
    <CookieSettingsDialog
      key={opening}
      open={open}
      initial={initial}
      gpc={gpc}
      onSave={(choices) => {
        saveConsent(choices, 'save_preferences')
        close()
      }}
      onCancel={close}
      onCloseAutoFocus={(event) => {
        event.preventDefault()
        if (opener?.isConnected) opener.focus()
        else document.getElementById('main')?.focus({ preventScroll: true })
      }}
    />,
  )
}
