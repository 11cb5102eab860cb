// Types of serve-build.mjs for the TypeScript scripts that import it.
export const root: string
export const chromiumPath: string
export const chromiumArgs: string[]
export function requireChromium(): void
export function publicPaths(baseURL: string): Promise<string[]>
