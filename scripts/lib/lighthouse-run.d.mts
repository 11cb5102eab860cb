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
export function lighthousePages(baseURL: string, pages: LighthousePage[], runs?: number): Promise<LighthouseResult[]>
