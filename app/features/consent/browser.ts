import {
  CONSENT_BANNER_SHOWN_KEY,
  CONSENT_LOG_PATH,
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
  type ConsentAction,
  type ConsentChoices,
  consentLogEntry,
  consentModeState,
  consentUpdateEvent,
  newSavedConsent,
  previousConsentId,
  type SavedConsent,
} from './policy'
import { dataLayer, gtag } from './tag-layer'

// Browser-only: call from effects and event handlers, never while rendering.

declare global {
  interface Navigator {
    globalPrivacyControl?: boolean
  }
}

/** True when the browser sends Global Privacy Control. */
export function browserSendsGpc(): boolean {
  return navigator.globalPrivacyControl === true
}

/** The two stored values; storage that is blocked or full reads as empty (the visitor is asked). */
export function readConsentStorage(): { consent: string | null; bannerShown: string | null } {
  try {
    return {
      consent: window.localStorage.getItem(CONSENT_STORAGE_KEY),
      bannerShown: window.localStorage.getItem(CONSENT_BANNER_SHOWN_KEY),
    }
  } catch {
    return { consent: null, bannerShown: null }
  }
}

/**
 * Saves a choice: both localStorage keys, a consent mode update and the consent event on the tag
 * layer, and a log entry sent to the server in the background.
 */
export function saveConsent(choices: ConsentChoices, action: ConsentAction): SavedConsent {
  const saved = newSavedConsent(choices, {
    now: new Date(),
    consentId: previousConsentId(readConsentStorage().consent) ?? newConsentId(),
    gpc: browserSendsGpc(),
  })
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(saved))
    window.localStorage.setItem(CONSENT_BANNER_SHOWN_KEY, String(CONSENT_POLICY_VERSION))
  } catch {
    // Storage blocked: the choice holds for this page; the banner asks again on the next visit.
  }
  gtag('consent', 'update', consentModeState(saved))
  dataLayer().push(consentUpdateEvent(saved))
  sendConsentLog(saved, action)
  for (const listener of savedListeners) listener(saved)
  return saved
}

/** Fire and forget: a failed log request never blocks or breaks the page. */
function sendConsentLog(saved: SavedConsent, action: ConsentAction): void {
  try {
    fetch(CONSENT_LOG_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(consentLogEntry(saved, action)),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {})
  } catch {
    // fetch itself unavailable or refused: nothing to do.
  }
}

/** A random (version 4) UUID; crypto.randomUUID exists only on HTTPS and localhost. */
function newConsentId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const savedListeners = new Set<(saved: SavedConsent) => void>()

/** Called after every saved choice (the banner removes itself). */
export function onConsentSaved(listener: (saved: SavedConsent) => void): () => void {
  savedListeners.add(listener)
  return () => {
    savedListeners.delete(listener)
  }
}
