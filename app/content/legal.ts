/**
 * Versions of the privacy policy and the terms of service. The consent log records
 * `privacyPolicy.version` with each choice, so bump it whenever the policy's content changes.
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
