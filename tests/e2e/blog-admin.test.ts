import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { slugFromTitle } from '../../app/lib/slug'
import {
  adminSessionCookie,
  appErrors,
  expectToast,
  invitedAccountOverHttp,
  pageFrom,
  postForm,
  sessionCookie,
  signInAdmin,
  strongPassword,
  uniqueIdentity,
} from './helpers/accounts'
import { baseURL, expectAccessible, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

/** What an anonymous reader gets at a public address: the status, or where it redirects. */
async function publicAnswer(path: string): Promise<number | string> {
  const response = await fetch(`${baseURL()}${path}`, {
    redirect: 'manual',
    headers: { 'x-forwarded-for': uniqueIdentity('reader').ip },
  })
  const location = response.headers.get('location')
  await response.body?.cancel()
  return location ? `→ ${location}` : response.status
}

async function publicText(path: string): Promise<string> {
  const response = await fetch(`${baseURL()}${path}`, { headers: { 'x-forwarded-for': uniqueIdentity('reader').ip } })
  return response.text()
}

const bodyField = (page: Page) => page.getByRole('textbox', { name: 'Body (Markdown)' })

describe('an admin runs the blog from the admin area', () => {
  it('writes a draft, previews it, publishes it, moves its address and deletes it', async () => {
    const { page, context, consoleErrors } = await pageFrom(browser(), uniqueIdentity('blog-admin').ip)
    await signInAdmin(page)
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Manage blog posts' }).click()
    await page.getByRole('heading', { name: 'Blog posts', level: 1 }).waitFor()

    // The list at desktop width: the seeded posts, their status in words, accessible.
    expect(await visit(page, '/admin/blog')).toBe(200)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    await page
      .getByRole('row', { name: /Home Wi-Fi that reaches every room/ })
      .getByText(/^Published /)
      .waitFor()

    await page.getByRole('link', { name: 'New post' }).click()
    await page.getByRole('heading', { name: 'New post', level: 1 }).waitFor()
    await page.waitForSelector('html[data-hydrated="true"]')

    // Refused without a title: the text typed so far stays.
    const stamp = Date.now().toString(36)
    const title = `Printer jams in small offices ${stamp}`
    const body = `## Restart the spooler\n\nMost jams are **software**, not paper. ${stamp}`
    await bodyField(page).fill(body)
    await page.getByRole('button', { name: 'Create post' }).click()
    await page.getByText('Enter the title.').waitFor()
    expect(await bodyField(page).inputValue()).toBe(body)
    await expectToast(page, 'Not saved')

    // The address follows the title until it is changed by hand.
    await page.getByLabel('Title', { exact: true }).fill(title)
    const slug = slugFromTitle(title)
    expect(await page.getByLabel('Address').inputValue()).toBe(slug)
    await page.getByLabel('Excerpt', { exact: true }).fill('Why the printer stops, and the two-minute fix.')
    await expectAccessible(page)

    // The preview renders what the public page renders.
    await page.getByRole('tab', { name: 'Preview' }).click()
    const preview = page.getByRole('tabpanel', { name: 'Preview' })
    await preview.getByRole('heading', { level: 2, name: 'Restart the spooler' }).waitFor()
    expect(await preview.locator('[data-slot="post-body"] strong').textContent()).toBe('software')
    await page.getByRole('tab', { name: 'Write' }).click()

    // Draft by default: saved, not public.
    await page.getByRole('button', { name: 'Create post' }).click()
    await page.waitForURL(/\/admin\/blog\/[0-9a-f-]{36}$/)
    await expectToast(page, 'Post created')
    expect(await publicAnswer(`/blog/${slug}`)).toBe('→ /404')
    await page.getByRole('heading', { name: 'Edit post', level: 1 }).waitFor()
    await expectAccessible(page)

    // Someone else saves the post meanwhile (a second tab): this tab's save is refused, its text kept.
    const other = await context.newPage()
    await other.goto(page.url())
    await other.waitForSelector('html[data-hydrated="true"]')
    await other.getByLabel('Excerpt', { exact: true }).fill('Changed in another tab.')
    await other.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(other, 'Saved', 'Saved as a draft.')
    await other.close()
    await page.getByLabel('Title', { exact: true }).fill(`${title} (mine)`)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.locator('form').getByText('Someone saved this post after you opened it.').waitFor()
    await expectToast(page, 'Not saved')
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(`${title} (mine)`)
    await page.reload()
    await page.waitForSelector('html[data-hydrated="true"]')
    expect(await page.getByLabel('Excerpt', { exact: true }).inputValue()).toBe('Changed in another tab.')
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title)

    // Publish now: on the list and on its own page.
    await page.getByRole('radio', { name: /Publish now/ }).check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Saved', 'The post is public.')
    expect(await publicAnswer(`/blog/${slug}`)).toBe(200)
    expect(await publicText('/blog')).toContain(title)
    await page.getByRole('link', { name: 'View the public post' }).waitFor()

    // A new address for a public post: warned, then the old one answers 301 to the new one.
    const newSlug = `printer-jams-${stamp}`
    await page.getByLabel('Address').fill(newSlug)
    await page.getByText(`its old address /blog/${slug} sends readers to the new one`).waitFor()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, 'Saved', 'The post is public.')
    await expect.poll(() => publicAnswer(`/blog/${newSlug}`)).toBe(200)
    expect(await publicAnswer(`/blog/${slug}`)).toBe(`→ /blog/${newSlug}`)
    expect((await fetch(`${baseURL()}/blog/${slug}`, { redirect: 'manual' })).status).toBe(301)

    // Delete, after a confirm step, then back to the list.
    await page.getByRole('button', { name: 'Delete post' }).click()
    const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` })
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await publicAnswer(`/blog/${newSlug}`)).toBe(200)
    await page.getByRole('button', { name: 'Delete post' }).click()
    await dialog.getByRole('button', { name: 'Delete post' }).click()
    await page.waitForURL(/\/admin\/blog$/)
    await expectToast(page, 'Post deleted', title)
    await page.getByRole('heading', { name: 'Blog posts', level: 1 }).waitFor()
    expect(await page.getByRole('row', { name: new RegExp(title) }).count()).toBe(0)
    expect(await publicAnswer(`/blog/${newSlug}`)).toBe('→ /404')

    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })

  it('answers an unknown post with a 404 page', async () => {
    const { page, context } = await pageFrom(browser(), uniqueIdentity('blog-admin-404').ip)
    await signInAdmin(page)
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor()
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await page.goto(`/admin/blog/${id}`)
      expect(response?.status(), id).toBe(404)
      await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor()
      await page.getByText('There is no post at this address', { exact: false }).waitFor()
    }
    await context.close()
  })
})

describe('the blog editor is for admins only', () => {
  it('sends the anonymous to sign in and refuses a client, for the pages and their actions', async () => {
    const ip = uniqueIdentity('blog-admin-access').ip
    const adminCookie = await adminSessionCookie(ip)
    const clientEmail = await invitedAccountOverHttp('client', 'blog-client', adminCookie, ip)
    const clientCookie = await sessionCookie(clientEmail, strongPassword, uniqueIdentity('blog-client').ip)
    const title = `Sneaky post ${Date.now().toString(36)}`
    const save = {
      intent: 'save',
      title,
      slug: slugFromTitle(title),
      excerpt: 'x',
      body: 'y',
      authorName: 'z',
      status: 'publish',
    }
    const paths = ['/admin/blog', '/admin/blog/new', '/admin/blog/00000000-0000-4000-8000-000000000000']
    for (const path of paths) {
      const anonymous = await fetch(`${baseURL()}${path}`, { redirect: 'manual', headers: { 'x-forwarded-for': ip } })
      expect(anonymous.status, path).toBe(302)
      expect(anonymous.headers.get('location')).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`)
      const client = await fetch(`${baseURL()}${path}`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': ip, cookie: clientCookie },
      })
      expect(client.status, path).toBe(403)
      expect(await client.text()).not.toContain('Home Wi-Fi that reaches every room')
    }
    for (const [path, form] of [
      ['/admin/blog/new', save],
      ['/admin/blog/00000000-0000-4000-8000-000000000000', { intent: 'delete' }],
    ] as const) {
      expect((await postForm(path, form, { ip })).status, path).toBe(302)
      expect((await postForm(path, form, { ip, cookie: clientCookie })).status, path).toBe(403)
    }
    // Nothing was written.
    expect(await publicAnswer(`/blog/${save.slug}`)).toBe('→ /404')
    const list = await fetch(`${baseURL()}/admin/blog`, { headers: { 'x-forwarded-for': ip, cookie: adminCookie } })
    expect(await list.text()).not.toContain(title)
  })
})
