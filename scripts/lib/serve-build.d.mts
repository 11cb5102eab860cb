// Types of serve-build.mjs for the TypeScript scripts that import it.
export const root: string
export const chromiumPath: string
export const chromiumArgs: string[]
export function requireBuildAndChromium(): void
export function startBuiltServer(): Promise<{ baseURL: string; stop: () => Promise<void> }>
export function publicPaths(baseURL: string): Promise<string[]>
