/**
 * The business's time zone: the office is in Suffern, NY. The one place it is written; its own
 * module so that the pages without the app's JavaScript can use it without the rest of
 * business-time.ts.
 */
export const businessTimeZone = 'America/New_York'
