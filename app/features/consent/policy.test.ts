import { describe, expect, it } from 'vitest'
import {
  BANNER_DELAY_MS,
  bannerNeeded,
  CONSENT_BANNER_SHOWN_KEY,
  CONSENT_MAX_AGE_MONTHS,
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
  choicesForAction,
  consentExpiresAt,
  consentLogEntry,
  consentModeState,
  consentUpdateEvent,
  defaultChoices,
  effectiveChoices,
  IDLE_TIMEOUT_MS,
  newSavedConsent,
  pageViewEvent,
  previousConsentId,
  readSavedConsent,
  type SavedConsent,
} from './policy'

const id = '3f1c2b4a-8d9e-4f60-a1b2-c3d4e5f60718'
const saved = (overrides: Partial<SavedConsent> = {}): SavedConsent => ({
  necessary: true,
  analytics: true,
  marketing: true,
  version: CONSENT_POLICY_VERSION,
  savedAt: '2026-03-15T10:00:00.000Z',
  consentId: id,
  gpc: false,
  ...overrides,
})
const raw = (value: unknown) => JSON.stringify(value)

describe('the constants the spec and docs/consent.md name', () => {
  it('keeps the storage keys, delays and expiry stable', () => {
    expect(CONSENT_STORAGE_KEY).toBe('ramapo.cookie-consent')
    expect(CONSENT_BANNER_SHOWN_KEY).toBe('ramapo.cookie-banner-shown')
    expect(BANNER_DELAY_MS).toBe(1000)
    expect(IDLE_TIMEOUT_MS).toBe(200)
    expect(CONSENT_MAX_AGE_MONTHS).toBe(12)
    expect(defaultChoices).toEqual({ necessary: true, analytics: false, marketing: false })
  })
})

describe('expiry after 12 months', () => {
  it('expires on the same date a year later, in UTC', () => {
    expect(consentExpiresAt(new Date('2026-03-15T10:00:00Z')).toISOString()).toBe('2027-03-15T10:00:00.000Z')
    expect(consentExpiresAt(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-12-31T23:59:59.000Z')
  })

  it('counts a choice until the last millisecond before expiry, not after', () => {
    const value = raw(saved())
    expect(readSavedConsent(value, new Date('2027-03-15T09:59:59.999Z'))).not.toBeNull()
    expect(readSavedConsent(value, new Date('2027-03-15T10:00:00.000Z'))).toBeNull()
    expect(readSavedConsent(value, new Date('2030-01-01T00:00:00Z'))).toBeNull()
  })
})

describe('reading the saved choice', () => {
  const now = new Date('2026-06-01T00:00:00Z')

  it('returns a valid choice with necessary always on', () => {
    expect(readSavedConsent(raw({ ...saved(), necessary: false }), now)).toEqual(saved())
  })

  it('asks again when the policy version changed', () => {
    expect(readSavedConsent(raw(saved({ version: CONSENT_POLICY_VERSION - 1 })), now)).toBeNull()
    expect(readSavedConsent(raw(saved()), now, CONSENT_POLICY_VERSION + 1)).toBeNull()
    expect(
      readSavedConsent(raw(saved({ version: CONSENT_POLICY_VERSION + 1 })), now, CONSENT_POLICY_VERSION + 1),
    ).toEqual(saved({ version: CONSENT_POLICY_VERSION + 1 }))
  })

  it('ignores missing, damaged or oddly shaped values', () => {
    for (const value of [
      null,
      '',
      '{',
      'null',
      '42',
      '"text"',
      '[]',
      raw({ ...saved(), analytics: 'yes' }),
      raw({ ...saved(), marketing: undefined }),
      raw({ ...saved(), savedAt: 'yesterday' }),
      raw({ ...saved(), savedAt: 1_700_000_000_000 }),
      raw({ ...saved(), consentId: 7 }),
      raw({ ...saved(), version: String(CONSENT_POLICY_VERSION) }),
    ]) {
      expect(readSavedConsent(value, now), String(value)).toBeNull()
    }
  })

  it('finds the consent id of an earlier choice, even an expired one, if it is a UUID', () => {
    expect(previousConsentId(raw(saved({ version: 0, savedAt: '2001-01-01T00:00:00Z' })))).toBe(id)
    expect(previousConsentId(raw(saved({ consentId: 'not-a-uuid' })))).toBeNull()
    expect(previousConsentId('{')).toBeNull()
    expect(previousConsentId(null)).toBeNull()
    expect(previousConsentId('null')).toBeNull()
  })
})

describe('when the banner asks', () => {
  const now = new Date('2026-06-01T00:00:00Z')
  const answered = String(CONSENT_POLICY_VERSION)

  it('asks a new visitor, and not one who answered this version', () => {
    expect(bannerNeeded({ consent: null, bannerShown: null }, now)).toBe(true)
    expect(bannerNeeded({ consent: raw(saved()), bannerShown: answered }, now)).toBe(false)
  })

  it('asks again when either key is missing, the version changed or the choice expired', () => {
    expect(bannerNeeded({ consent: raw(saved()), bannerShown: null }, now)).toBe(true)
    expect(bannerNeeded({ consent: null, bannerShown: answered }, now)).toBe(true)
    expect(bannerNeeded({ consent: raw(saved()), bannerShown: answered }, now, CONSENT_POLICY_VERSION + 1)).toBe(true)
    expect(bannerNeeded({ consent: raw(saved()), bannerShown: answered }, new Date('2027-04-01T00:00:00Z'))).toBe(true)
  })
})

describe('Global Privacy Control', () => {
  it('starts with marketing off and keeps it off on Accept All', () => {
    expect(effectiveChoices(null, true)).toEqual({ necessary: true, analytics: false, marketing: false })
    expect(choicesForAction('accept_all', true)).toEqual({ necessary: true, analytics: true, marketing: false })
    expect(choicesForAction('accept_all', false)).toEqual({ necessary: true, analytics: true, marketing: true })
  })

  it('turns off marketing allowed before the browser sent GPC, but keeps an opt-in made with GPC on', () => {
    expect(effectiveChoices(saved({ gpc: false }), true)).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
    })
    expect(effectiveChoices(saved({ gpc: true }), true)).toEqual({ necessary: true, analytics: true, marketing: true })
    expect(effectiveChoices(saved({ gpc: false }), false)).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
    })
  })

  it('Reject Non-Essential turns both off, with or without GPC', () => {
    for (const gpc of [true, false]) {
      expect(choicesForAction('reject_non_essential', gpc)).toEqual({
        necessary: true,
        analytics: false,
        marketing: false,
      })
    }
  })
})

describe('tag-layer payloads', () => {
  it('maps analytics to analytics_storage and marketing to the three ad signals (consent mode v2)', () => {
    expect(consentModeState({ necessary: true, analytics: true, marketing: false })).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    })
    expect(consentModeState({ necessary: true, analytics: false, marketing: true })).toEqual({
      analytics_storage: 'denied',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    })
  })

  it('names analytics and marketing granted or denied in the consent update event', () => {
    expect(consentUpdateEvent({ necessary: true, analytics: false, marketing: true })).toEqual({
      event: 'cookie_consent_update',
      analytics: 'denied',
      marketing: 'granted',
    })
  })

  it('describes a page view by location, path and title', () => {
    expect(pageViewEvent({ origin: 'https://www.example.com', path: '/book?plan=basic', title: 'Book' })).toEqual({
      event: 'page_view',
      page_location: 'https://www.example.com/book?plan=basic',
      page_path: '/book?plan=basic',
      page_title: 'Book',
    })
  })

  it('logs what was saved, under which version and how', () => {
    const choice = newSavedConsent(
      { necessary: true, analytics: true, marketing: false },
      { now: new Date('2026-05-01T12:00:00Z'), consentId: id, gpc: true },
    )
    expect(choice).toEqual(saved({ analytics: true, marketing: false, gpc: true, savedAt: '2026-05-01T12:00:00.000Z' }))
    expect(consentLogEntry(choice, 'save_preferences')).toEqual({
      consentId: id,
      necessary: true,
      analytics: true,
      marketing: false,
      policyVersion: CONSENT_POLICY_VERSION,
      action: 'save_preferences',
      gpc: true,
    })
  })
})
