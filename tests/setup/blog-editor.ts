import { expect } from 'vitest'

/**
 * Saves a blog post's title through a built server's editor, as an admin in a browser would: finds
 * the post by its slug among the editor's links, then posts the editor's form with the new title.
 */
export async function editPostTitle(baseUrl: string, edit: { cookie: string; slug: string; title: string }) {
  const headers = { cookie: edit.cookie }
  const list = await (await fetch(`${baseUrl}/admin/blog`, { headers })).text()
  const ids = new Set([...list.matchAll(/href="\/admin\/blog\/([0-9a-f-]{36})"/g)].map((m) => m[1]))
  let id: string | undefined
  let updatedAt: string | undefined
  for (const candidate of ids) {
    const editor = await (await fetch(`${baseUrl}/admin/blog/${candidate}`, { headers })).text()
    if (editor.includes(`value="${edit.slug}"`)) {
      id = candidate
      updatedAt = /name="updatedAt" value="([^"]+)"/.exec(editor)?.[1]
      break
    }
  }
  expect(id && updatedAt, 'the post in the editor').toBeTruthy()
  const saved = await fetch(`${baseUrl}/admin/blog/${id}`, {
    method: 'POST',
    headers: { ...headers, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      intent: 'save',
      updatedAt: updatedAt ?? '',
      title: edit.title,
      slug: edit.slug,
      excerpt: 'Edited.',
      body: 'Edited.',
      authorName: 'Ramapo IT Services',
      status: 'publish',
      publishAt: '',
      metaTitle: '',
      metaDescription: '',
    }),
    redirect: 'manual',
  })
  expect(await saved.text()).toContain('Saved. The post is public.')
}
