import { describe, expect, it } from 'vitest'
import { pageMeta } from './seo'

describe('pageMeta', () => {
  it('gives title, description, canonical, Open Graph and Twitter tags from PUBLIC_URL', () => {
    const tags = pageMeta({
      title: 'Cybersecurity',
      description: 'Protection for small offices.',
      path: '/services/cybersecurity',
      matches: [{ id: 'root', loaderData: { publicUrl: 'https://www.example.com' } }],
    })
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: 'Cybersecurity | Ramapo IT Services' },
        { tagName: 'link', rel: 'canonical', href: 'https://www.example.com/services/cybersecurity' },
        { property: 'og:url', content: 'https://www.example.com/services/cybersecurity' },
        { property: 'og:type', content: 'website' },
        { name: 'twitter:card', content: 'summary' },
        { name: 'twitter:title', content: 'Cybersecurity | Ramapo IT Services' },
        { name: 'twitter:description', content: 'Protection for small offices.' },
      ]),
    )
    expect(tags).not.toContainEqual({ name: 'robots', content: 'noindex' })
  })
})
