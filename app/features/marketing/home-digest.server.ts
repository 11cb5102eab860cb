import { industryDetails } from '~/content/industries'
import { serviceDetails } from '~/content/services'

/**
 * The home page's grids show a digest of every service and industry page. It comes from the
 * route's loader, so the pages' full copy stays on the server instead of in the home page's
 * JavaScript (this module is server-only).
 */
export function homeDigest() {
  return {
    services: serviceDetails.map(({ key, name, path, summary, features }) => ({
      key,
      name,
      path,
      summary,
      highlights: features.slice(0, 4).map((feature) => feature.title),
    })),
    industries: industryDetails.map(({ key, name, path, summary }) => ({ key, name, path, summary })),
  }
}

export type HomeDigest = ReturnType<typeof homeDigest>
