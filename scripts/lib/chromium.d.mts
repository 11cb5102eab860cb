// Types of chromium.mjs for the TypeScript tests and scripts that import it.
import type { Browser } from 'playwright-core'

export const chromiumPath: string
export const chromiumArgs: string[]
export function requireChromium(): void
export function launchChromium(): Promise<Browser>
