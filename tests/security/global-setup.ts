import type { TestProject } from 'vitest/node'
import { startBuiltServer, testAdmin } from '../setup/built-server'
import { startStripeStandIn } from '../setup/stripe-stand-in'
import { enrolAdminSession } from '../setup/two-factor-http'

/** An outside site the main server lists in ALLOWED_ORIGINS (it may call the intake API). */
export const PARTNER_ORIGIN = 'https://partner.example'
/** The PUBLIC_URL of the second server: an https address, as behind a TLS-terminating proxy. */
export const HTTPS_PUBLIC_URL = 'https://portal.ramapo-security.test'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The second server, configured with an https PUBLIC_URL (served over plain http on loopback). */
    httpsServer: { baseURL: string; publicURL: string; adminTotpSecret: string }
  }
}

/**
 * Starts the built server twice, as `npm start` would: the main one (http PUBLIC_URL, one allowed
 * partner origin) that every security test uses through the e2e helpers (`baseURL`, `dataDir`,
 * `admin`), and one whose PUBLIC_URL is https, for HSTS and Secure cookies.
 */
export default async function setup(project: TestProject) {
  // The main server takes online payments, against the local Stripe stand-in (its Pay and autopay pages).
  const stripe = await startStripeStandIn()
  const [main, https] = await Promise.all([
    startBuiltServer('security', { ALLOWED_ORIGINS: PARTNER_ORIGIN, ...stripe.keys, STRIPE_API_BASE: stripe.url }),
    // Its tests read headers and cookies of public pages and the admin's: no demo client, whose
    // documents and contracts (PDFs rendered at boot) the admin's sign-in would wait for.
    startBuiltServer('security-https', { PUBLIC_URL: HTTPS_PUBLIC_URL, SEED_DEMO: 'false' }),
  ])
  project.provide('baseURL', main.baseURL)
  project.provide('dataDir', main.dataDir)
  // Staff sign in with a second factor: each server's admin enrols once, here.
  const [mainAdmin, httpsAdmin] = await Promise.all([
    enrolAdminSession({ baseURL: main.baseURL, origin: main.publicURL }, testAdmin),
    enrolAdminSession({ baseURL: https.baseURL, origin: https.publicURL }, testAdmin),
  ])
  project.provide('admin', { ...testAdmin, ...mainAdmin })
  project.provide('httpsServer', {
    baseURL: https.baseURL,
    publicURL: https.publicURL,
    adminTotpSecret: httpsAdmin.totpSecret,
  })
  return async () => {
    await Promise.all([main.stop(), https.stop()])
    await stripe.close()
  }
}
