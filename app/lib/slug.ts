/**
 * An address suggested from a title: lowercase letters and digits joined by single hyphens, the
 * rule the database holds every blog and town slug to (locationSlugPattern). Accents are dropped
 * ("Café" → "cafe"), "&" reads "and", anything else separates words; cut at a word to fit `max`.
 */
export function slugFromTitle(title: string, max = 100): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word
    if (next.length > max) break
    slug = next
  }
  // One word longer than the limit: cut it rather than suggest nothing.
  return slug || (words[0]?.slice(0, max) ?? '')
}
