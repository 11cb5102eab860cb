/** The longest each field of a blog post may be: the editor's inputs and the server's check share them. */
export const blogFieldLimits = {
  title: 160,
  slug: 100,
  excerpt: 300,
  body: 50_000,
  authorName: 100,
  metaTitle: 160,
  metaDescription: 300,
} as const
