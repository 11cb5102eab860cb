// Types of lighthouse-run.mjs for the TypeScript scripts that import it.
export type LighthousePage = { label: string; path: string }
export type LighthouseResult = LighthousePage & {
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>
  fcp: number
  lcp: number
  tbt: number
  cls: number
  transfer: number
  jsTransfer: number
  jsGzip: number
  jsCount: number
  failed: string[]
  /** The page's renderer main thread during the chosen run: its tasks' CPU (thread) time and wall time, ms. */
  mainThread: { cpuMs: number; wallMs: number }
  /** The 1-minute load average as the chosen run started. */
  load1: number
  versions: { lighthouse: string; ua: string }
}
export const categories: string[]
export const lighthouseTargets: {
  performance: number
  accessibility: number
  'best-practices': number
  seo: number
  cls: number
  homeJsGzipKB: number
  transferKB: number
}
export function mainThreadTime(trace: unknown, url: string): { cpuMs: number; wallMs: number }
export function lighthousePages(baseURL: string, pages: LighthousePage[], runs?: number): Promise<LighthouseResult[]>
