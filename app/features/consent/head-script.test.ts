import vm from 'node:vm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GTM_ORIGIN, tagLayerScript } from './head-script'
import {
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
  consentModeState,
  effectiveChoices,
  readSavedConsent,
} from './policy'

type Run = { dataLayer: unknown[]; appended: { src: string; async: boolean; nonce?: string }[] }

/** Runs the inline script as the browser would, in a fresh global with just what it touches. */
function runScript(
  script: string,
  options: { stored?: string | null; gpc?: boolean; now?: Date; nonce?: string; storageThrows?: boolean } = {},
): Run {
  const appended: Run['appended'] = []
  const RealDate = Date
  const now = options.now ?? new Date('2026-06-01T00:00:00Z')
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now.getTime())
      else super(...(args as [string]))
    }
    static override now() {
      return now.getTime()
    }
  }
  const window: Record<string, unknown> = {
    localStorage: {
      getItem: (key: string) => {
        if (options.storageThrows) throw new Error('SecurityError: storage is disabled')
        return key === CONSENT_STORAGE_KEY ? (options.stored ?? null) : null
      },
    },
    navigator: options.gpc === undefined ? {} : { globalPrivacyControl: options.gpc },
  }
  const document = {
    currentScript: { nonce: options.nonce ?? '' },
    createElement: () => ({}) as { src: string; async: boolean; nonce?: string },
    head: { appendChild: (element: Run['appended'][number]) => appended.push({ ...element }) },
  }
  vm.runInNewContext(script, { window, document, Date: FixedDate, JSON })
  return { dataLayer: window.dataLayer as unknown[], appended }
}

/** An Arguments object from the sandbox, as a plain array. */
const command = (entry: unknown) => Array.from(entry as ArrayLike<unknown>)

const valid = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    necessary: true,
    analytics: true,
    marketing: true,
    version: CONSENT_POLICY_VERSION,
    savedAt: '2026-03-15T10:00:00.000Z',
    consentId: '3f1c2b4a-8d9e-4f60-a1b2-c3d4e5f60718',
    gpc: false,
    ...overrides,
  })

describe('the inline tag-layer script', () => {
  it('creates dataLayer and pushes the consent default, all denied, for a new visitor', () => {
    const { dataLayer, appended } = runScript(tagLayerScript(null))
    expect(dataLayer).toHaveLength(1)
    const entry = dataLayer[0]
    expect(Array.isArray(entry)).toBe(false)
    expect(Object.prototype.toString.call(entry)).toBe('[object Arguments]')
    expect(command(entry)).toEqual([
      'consent',
      'default',
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ])
    expect(appended).toEqual([])
  })

  it('uses a valid saved choice as the default', () => {
    const { dataLayer } = runScript(tagLayerScript(null), { stored: valid({ marketing: false }) })
    expect(command(dataLayer[0])[2]).toEqual(consentModeState({ necessary: true, analytics: true, marketing: false }))
  })

  it('falls back to denied when storage is blocked', () => {
    const { dataLayer } = runScript(tagLayerScript(null), { stored: valid(), storageThrows: true })
    expect(command(dataLayer[0])[2]).toEqual(consentModeState(effectiveChoices(null, false)))
  })

  it('agrees with readSavedConsent + effectiveChoices for any stored value, time and GPC signal', () => {
    const stored = fc.oneof(
      fc.constant(null),
      fc.string(),
      fc
        .record({
          analytics: fc.oneof(fc.boolean(), fc.constant('yes')),
          marketing: fc.boolean(),
          version: fc.constantFrom(
            CONSENT_POLICY_VERSION,
            CONSENT_POLICY_VERSION + 1,
            0,
            String(CONSENT_POLICY_VERSION),
          ),
          savedAt: fc.oneof(
            fc
              .date({
                min: new Date('2024-01-01T00:00:00Z'),
                max: new Date('2027-12-31T00:00:00Z'),
                noInvalidDate: true,
              })
              .map((d) => d.toISOString()),
            fc.constant('not a date'),
          ),
          consentId: fc.oneof(fc.uuid(), fc.integer()),
          gpc: fc.oneof(fc.boolean(), fc.constant(undefined)),
        })
        .map((value) => JSON.stringify(value)),
    )
    const now = fc.date({
      min: new Date('2024-01-01T00:00:00Z'),
      max: new Date('2029-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    fc.assert(
      fc.property(stored, now, fc.boolean(), (value, at, gpc) => {
        const { dataLayer } = runScript(tagLayerScript(null), { stored: value, now: at, gpc })
        const expected = consentModeState(effectiveChoices(readSavedConsent(value, at), gpc))
        expect(command(dataLayer[0])[2]).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })

  it('adds Google Tag Manager only when configured, after the default, with the nonce', () => {
    const { dataLayer, appended } = runScript(tagLayerScript('GTM-AB12CD3'), { nonce: 'n0nce-value' })
    expect(command(dataLayer[0]).slice(0, 2)).toEqual(['consent', 'default'])
    expect(dataLayer[1]).toMatchObject({ event: 'gtm.js', 'gtm.start': expect.any(Number) })
    expect(appended).toEqual([{ src: `${GTM_ORIGIN}/gtm.js?id=GTM-AB12CD3`, async: true, nonce: 'n0nce-value' }])
  })

  it('cannot be broken out of its <script> element by the values it embeds', () => {
    expect(tagLayerScript('GTM-AB12CD3')).not.toMatch(/<\/?script/i)
  })
})
