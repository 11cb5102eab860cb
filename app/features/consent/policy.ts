/**
 * Cookie consent rules, free of browser globals so the server, the inline
 * head script's tests and the browser share them. docs/consent.md explains the stored format.
 */

/** localStorage key of the saved choice (JSON, see SavedConsent). Stable: changing it re-asks everyone. */
export const CONSENT_STORAGE_KEY = 'ramapo.cookie-consent'
/** localStorage key of the flag that the banner was shown and answered: the policy version it was answered for. */
export const CONSENT_BANNER_SHOWN_KEY = 'ramapo.cookie-banner-shown'
/** Raise it when the cookie policy changes: every visitor is asked again. */
export const CONSENT_POLICY_VERSION = 1
/** A saved choice expires this many months after it was made. */
export const CONSENT_MAX_AGE_MONTHS = 12
/** The banner appears 1 second after load. */
export const BANNER_DELAY_MS = 1000
/** Idle callbacks wait at most 200 ms. */
export const IDLE_TIMEOUT_MS = 200
/** Where each saved choice is logged (server/consent). */
export const CONSENT_LOG_PATH = '/api/consent'

export type ConsentChoices = { necessary: true; analytics: boolean; marketing: boolean }

/** How the visitor made the choice; kept in the consent log. */
export const consentActions = ['accept_all', 'reject_non_essential', 'save_preferences'] as const
export type ConsentAction = (typeof consentActions)[number]

/** What CONSENT_STORAGE_KEY holds. */
export type SavedConsent = ConsentChoices & {
  version: number
  /** ISO 8601 time of the choice; it expires CONSENT_MAX_AGE_MONTHS later. */
  savedAt: string
  /** Anonymous random id linking this browser's choices in the consent log. */
  consentId: string
  /** Whether the browser sent Global Privacy Control when the choice was made. */
  gpc: boolean
}

/** The body of POST /api/consent. */
export type ConsentLogEntry = ConsentChoices & {
  consentId: string
  policyVersion: number
  action: ConsentAction
  gpc: boolean
}

/** Necessary on, analytics off, marketing off. */
export const defaultChoices: ConsentChoices = { necessary: true, analytics: false, marketing: false }

/** The moment a choice made at `savedAt` stops counting (calendar months, UTC). */
export function consentExpiresAt(savedAt: Date): Date {
  const expires = new Date(savedAt.getTime())
  expires.setUTCMonth(expires.getUTCMonth() + CONSENT_MAX_AGE_MONTHS)
  return expires
}

/**
 * The saved choice if it is well formed, made under the current policy version and not expired;
 * null otherwise (the visitor must be asked again).
 */
export function readSavedConsent(raw: string | null, now: Date, version = CONSENT_POLICY_VERSION): SavedConsent | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  if (
    v.version !== version ||
    typeof v.analytics !== 'boolean' ||
    typeof v.marketing !== 'boolean' ||
    typeof v.savedAt !== 'string' ||
    typeof v.consentId !== 'string'
  ) {
    return null
  }
  const savedAt = new Date(v.savedAt)
  if (Number.isNaN(savedAt.getTime()) || now.getTime() >= consentExpiresAt(savedAt).getTime()) return null
  return {
    necessary: true,
    analytics: v.analytics,
    marketing: v.marketing,
    version,
    savedAt: v.savedAt,
    consentId: v.consentId,
    gpc: v.gpc === true,
  }
}

/**
 * The choices in force. Global Privacy Control is an opt-out of marketing: a choice made before the
 * browser started sending it does not override it; a marketing opt-in made while it was on does.
 */
export function effectiveChoices(saved: SavedConsent | null, gpc: boolean): ConsentChoices {
  if (!saved) return defaultChoices
  return { necessary: true, analytics: saved.analytics, marketing: saved.marketing && (!gpc || saved.gpc) }
}

/** The banner's one-click choices. Accept All leaves marketing off when the browser sends GPC. */
export function choicesForAction(action: 'accept_all' | 'reject_non_essential', gpc: boolean): ConsentChoices {
  return action === 'accept_all'
    ? { necessary: true, analytics: true, marketing: !gpc }
    : { necessary: true, analytics: false, marketing: false }
}

/** Whether the banner must ask: no valid saved choice, or the banner was not answered for this version. */
export function bannerNeeded(
  storage: { consent: string | null; bannerShown: string | null },
  now: Date,
  version = CONSENT_POLICY_VERSION,
): boolean {
  return storage.bannerShown !== String(version) || readSavedConsent(storage.consent, now, version) === null
}

export function newSavedConsent(
  choices: ConsentChoices,
  options: { now: Date; consentId: string; gpc: boolean },
): SavedConsent {
  return {
    ...choices,
    necessary: true,
    version: CONSENT_POLICY_VERSION,
    savedAt: options.now.toISOString(),
    consentId: options.consentId,
    gpc: options.gpc,
  }
}

export type ConsentState = 'granted' | 'denied'
const state = (on: boolean): ConsentState => (on ? 'granted' : 'denied')

/** Google consent mode v2: analytics drives analytics_storage, marketing the three ad signals. */
export function consentModeState(choices: ConsentChoices) {
  return {
    analytics_storage: state(choices.analytics),
    ad_storage: state(choices.marketing),
    ad_user_data: state(choices.marketing),
    ad_personalization: state(choices.marketing),
  }
}

/** The tag-layer event pushed with every saved choice. */
export function consentUpdateEvent(choices: ConsentChoices) {
  return {
    event: 'cookie_consent_update',
    analytics: state(choices.analytics),
    marketing: state(choices.marketing),
  } as const
}

/** The tag-layer page view, pushed once the browser is idle after each navigation. */
export function pageViewEvent(page: { origin: string; path: string; title: string }) {
  return {
    event: 'page_view',
    page_location: `${page.origin}${page.path}`,
    page_path: page.path,
    page_title: page.title,
  } as const
}

export function consentLogEntry(saved: SavedConsent, action: ConsentAction): ConsentLogEntry {
  return {
    consentId: saved.consentId,
    necessary: true,
    analytics: saved.analytics,
    marketing: saved.marketing,
    policyVersion: saved.version,
    action,
    gpc: saved.gpc,
  }
}

// The banner's code runs on every page and loads no zod (docs/frontend-performance.md): the one
// id check here that does not use app/lib/uuid.ts.
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The consent id of an earlier choice, even an expired one, so the log links a browser's choices. */
export function previousConsentId(raw: string | null): string | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as { consentId?: unknown } | null
    return typeof value?.consentId === 'string' && uuidPattern.test(value.consentId) ? value.consentId : null
  } catch {
    return null
  }
}
