/**
 * Dates of the privacy policy and the terms of service, shown on /privacy and /terms. When the
 * cookie and analytics part of the privacy policy changes, also raise CONSENT_POLICY_VERSION in
 * app/features/consent/policy.ts: the banner then asks everyone again and the consent log records it.
 */
export const privacyPolicy = {
  version: '2026-11-21',
  effective: '2026-11-21',
  effectiveLabel: 'November 21, 2026',
} as const
export const termsOfService = {
  version: '2026-11-21',
  effective: '2026-11-21',
  effectiveLabel: 'November 21, 2026',
} as const
