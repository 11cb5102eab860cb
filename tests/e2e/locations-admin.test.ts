import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { appErrors, expectToast, pageFrom, signInAdmin, uniqueIdentity } from './helpers/accounts'
import { baseURL, expectAccessible, newPage, open, testBrowser } from './helpers/browser'

const browser = testBrowser()

/** What an anonymous visitor gets at a public address: the status, or where it redirects. */
async function publicAnswer(path: string): Promise<number | string> {
  const response = await fetch(`${baseURL()}${path}`, {
    redirect: 'manual',
    headers: { 'x-forwarded-for': uniqueIdentity('town-reader').ip },
  })
  const location = response.headers.get('location')
  await response.body?.cancel()
  return location ? `${response.status} → ${location}` : response.status
}

async function publicText(path: string): Promise<string> {
  const response = await fetch(`${baseURL()}${path}`, {
    headers: { 'x-forwarded-for': uniqueIdentity('town-reader').ip },
  })
  return response.text()
}

async function adminPage(label: string) {
  const session = await pageFrom(browser(), uniqueIdentity(label).ip)
  await signInAdmin(session.page)
  await session.page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor()
  return session
}

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]')

/**
 * Clicks Save and waits until the editor shows the saved page: the server's answer to this save (an
 * earlier toast says nothing about it) and the page's data read again after it. The form is drawn
 * again from that data (its key is the page's updatedAt), so a field filled before it is drawn
 * would be thrown away with the old form: the wait is for the form's own updatedAt to change.
 */
async function save(page: Page) {
  const loadedAt = await page.locator('input[type="hidden"][name="updatedAt"]').inputValue()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page
    .waitForFunction((before) => {
      const field = document.querySelector<HTMLInputElement>('input[type="hidden"][name="updatedAt"]')
      return field !== null && field.value !== before
    }, loadedAt)
    .catch(async (error) => {
      // It once timed out beside the other lane of `npm test` with nothing in the report to say why:
      // say what the page showed (a refusal's toast, a field error) and where it was.
      const said = await page.locator('[role="alert"], [role="status"], [aria-invalid="true"]').allTextContents()
      throw new Error(
        `the save was not drawn from the saved page (at ${page.url()}; the page said: ${said.join(' | ') || 'nothing'}): ${error instanceof Error ? error.message : String(error)}`,
      )
    })
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor()
}

describe('an admin runs the town pages from the admin area', () => {
  it('creates a hidden page, previews it, publishes it, moves its address, unpublishes and deletes it', async () => {
    const { page, context, consoleErrors } = await adminPage('towns-admin')
    await page.getByRole('link', { name: 'Manage town pages' }).click()
    await page.getByRole('heading', { name: 'Town pages', level: 1 }).waitFor()
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    await page
      .getByRole('row', { name: /Suffern/ })
      .getByText('Published')
      .waitFor()
    await expectAccessible(page)

    // Search and the published filter.
    await page.getByLabel('Search').fill('bergen')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL(/q=bergen/)
    await page.getByRole('row', { name: /Mahwah/ }).waitFor()
    await expect.poll(() => page.getByRole('row', { name: /Suffern/ }).count()).toBe(0)
    await page.getByLabel('Show').selectOption('no')
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.waitForURL(/published=no/)
    await page.getByRole('row', { name: /Ramsey/ }).waitFor()
    await expect.poll(() => page.getByRole('row', { name: /Mahwah/ }).count()).toBe(0)

    await page.getByRole('link', { name: 'New town page' }).click()
    await page.getByRole('heading', { name: 'New town page', level: 1 }).waitFor()
    await hydrated(page)

    // A reserved address is refused on its field, the typed text kept.
    const stamp = Date.now()
      .toString(36)
      .replace(/[^a-z0-9]/g, '')
    const town = `Pearl River ${stamp}`
    await page.getByLabel('Town', { exact: true }).fill(town)
    const suggested = `it-support-pearl-river-${stamp}-ny`
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe(suggested)
    await page.getByLabel('Address', { exact: true }).fill('blog')
    await page.getByLabel('Headline').fill(`Pearl River IT ${stamp}`)
    await page.getByRole('button', { name: 'Create town page' }).click()
    await page.getByText("/blog is one of the site's own pages.").waitFor()
    await expectToast(page, 'Not saved')
    expect(await page.getByLabel('Headline').inputValue()).toBe(`Pearl River IT ${stamp}`)

    // Hidden by default: saved, previewable by staff, not public.
    const slug = `it-support-pearl-river-${stamp}`
    await page.getByLabel('Address', { exact: true }).fill(slug)
    await page.getByLabel('County').fill('Rockland County')
    await page.getByLabel('Keywords').fill(`IT support Pearl River ${stamp}`)
    await page.getByRole('button', { name: 'Create town page' }).click()
    await page.waitForURL(/\/admin\/locations\/[0-9a-f-]{36}$/)
    await expectToast(page, 'Town page created')
    await expectAccessible(page)
    expect(await publicAnswer(`/${slug}`)).toBe('302 → /404')
    const editor = page.url()

    await page.getByRole('link', { name: 'Preview the hidden page' }).click()
    await page.getByRole('heading', { name: `Pearl River IT ${stamp}`, level: 1 }).waitFor()
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
    await page.getByText(/hidden from visitors/).waitFor()
    const preview = await page.context().request.get(page.url())
    expect(preview.headers()['x-robots-tag']).toBe('noindex, nofollow')
    // Nobody else sees the preview.
    expect(await publicAnswer(new URL(page.url()).pathname)).toMatch(/^30\d → \/auth\?redirectTo=/)

    // Publish: public at once, keywords and all.
    await page.goto(editor)
    await hydrated(page)
    await page.getByRole('radio', { name: /Published/ }).check()
    await save(page)
    await expectToast(page, 'Saved', `Saved. The page is public at /${slug}.`)
    expect(await publicAnswer(`/${slug}`)).toBe(200)
    const html = await publicText(`/${slug}`)
    expect(html).toContain(`<meta name="keywords" content="IT support Pearl River ${stamp}"/>`)
    expect(html).toContain(`Pearl River IT ${stamp}`)

    // An edit is on the public page at once (the cached page is emptied in the same transaction).
    await page.getByLabel('Headline').fill(`Pearl River computer help ${stamp}`)
    await save(page)
    expect(await publicText(`/${slug}`)).toContain(`Pearl River computer help ${stamp}`)

    // A new address: warned, then the old one answers 301 to the new one, also for a cached visitor.
    const newSlug = `it-support-pearl-river-ny-${stamp}`
    await page.getByLabel('Address', { exact: true }).fill(newSlug)
    await page.getByText(`its old address /${slug} sends visitors to the new one`).waitFor()
    await save(page)
    expect(await publicAnswer(`/${newSlug}`)).toBe(200)
    expect(await publicAnswer(`/${slug}`)).toBe(`301 → /${newSlug}`)

    // The redirect is listed for admins.
    await page.goto('/admin/redirects')
    await page
      .getByRole('row', { name: new RegExp(`/${slug}`) })
      .getByText(`/${newSlug}`)
      .waitFor()
    await expectAccessible(page)
    // Removable: the old address then goes to /404 again (deleting a page drops the redirects to it:
    // tests/integration/locations-admin.test.ts).
    await hydrated(page)
    await page.getByRole('button', { name: `Remove the redirect from /${slug}` }).click()
    await expectToast(page, 'Redirect removed', `/${slug} no longer leads anywhere.`)
    // The toast is the action's answer; the list read again after it may come a moment later.
    await expect.poll(() => page.getByRole('row', { name: new RegExp(`/${slug}`) }).count()).toBe(0)
    expect(await publicAnswer(`/${slug}`)).toBe('302 → /404')

    // Unpublish from the list: the page goes to /404.
    await page.goto(`/admin/locations?q=${stamp}`)
    await hydrated(page)
    await page.getByRole('button', { name: `Unpublish ${town}` }).click()
    await expectToast(page, 'Saved', `${town} is hidden from visitors.`)
    expect(await publicAnswer(`/${newSlug}`)).toBe('302 → /404')

    // Delete after a confirm step.
    await page.goto(editor)
    await hydrated(page)
    await page.getByRole('button', { name: 'Delete town page' }).click()
    const dialog = page.getByRole('dialog', { name: `Delete the ${town} page?` })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Delete town page' }).click()
    await page.waitForURL(/\/admin\/locations$/)
    await expectToast(page, 'Town page deleted', town)
    await expect.poll(() => page.getByRole('row', { name: new RegExp(town) }).count()).toBe(0)
    expect(await publicAnswer(`/${newSlug}`)).toBe('302 → /404')

    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })

  it('imports a CSV file: a dry run reports each row, applying writes the good ones', async () => {
    const { page, context, consoleErrors } = await adminPage('towns-import')
    await page.goto('/admin/locations/import')
    await page.getByRole('heading', { name: 'Import town pages', level: 1 }).waitFor()
    await hydrated(page)
    await expectAccessible(page)

    const sample = await page.context().request.get(`${baseURL()}/admin/locations/sample.csv`)
    expect(sample.headers()['content-type']).toContain('text/csv')
    expect((await sample.text()).split('\r\n')[0]).toMatch(/^slug,is_published,town,county,state,/)

    const stamp = Date.now().toString(36)
    const csv = [
      'slug,is_published,town,county,state,hero_title',
      `it-support-orangeburg-${stamp},yes,Orangeburg,Rockland County,NY,Orangeburg IT ${stamp}`,
      // As seeded: nothing to change.
      'it-support-suffern-ny,yes,Suffern,Rockland County,NY,"IT Support in Suffern, NY"',
      'Not A Slug,yes,Nowhere,,NY,',
      'admin,yes,Admin,,NY,',
    ].join('\n')
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'towns.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('button', { name: 'Check the file' }).click()
    const report = page.getByRole('region', { name: 'What the import would do' })
    await report.waitFor()
    await report.getByText('1 to create, 0 to update, 1 unchanged, 2 rejected.').waitFor()
    await report
      .getByRole('row', { name: /^2 Orangeburg/ })
      .getByText('Create')
      .waitFor()
    await report
      .getByRole('row', { name: /^4 / })
      .getByText(/lowercase letters/)
      .waitFor()
    await report
      .getByRole('row', { name: /^5 / })
      .getByText(/one of the site's own pages/)
      .waitFor()
    await expectAccessible(page)
    // Nothing written by the dry run.
    expect(await publicAnswer(`/it-support-orangeburg-${stamp}`)).toBe('302 → /404')

    await page.getByRole('button', { name: 'Apply 1 change' }).click()
    await page
      .getByRole('region', { name: 'Imported' })
      .getByText('1 created, 0 updated, 1 unchanged, 2 rejected')
      .waitFor()
    await expectToast(page, 'Imported', '1 created, 0 updated.')
    expect(await publicAnswer(`/it-support-orangeburg-${stamp}`)).toBe(200)
    expect(await publicText(`/it-support-orangeburg-${stamp}`)).toContain(`Orangeburg IT ${stamp}`)

    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })
})

describe('a large town pages import', () => {
  it('takes a 120 KB file with its progress, and refuses one over 5 MB with the limit, before and at the server', async () => {
    // Anyone but an admin keeps the site's 100 KB, even at the import's address.
    const anonymous = await fetch(`${baseURL()}/admin/locations/import/run`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'x-forwarded-for': uniqueIdentity('town-importer').ip },
      body: 'x'.repeat(120 * 1024),
    })
    expect(anonymous.status).toBe(413)
    expect(((await anonymous.json()) as { error: string }).error).toBe('Request body too large: the limit is 100 KB.')

    const { page, context, consoleErrors } = await adminPage('towns-import-large')
    await page.goto('/admin/locations/import')
    await hydrated(page)
    await page.getByText(/Up to 2,000 rows and 5 MB per file/).waitFor()

    // Hidden pages, so the public site and its sitemap stay as seeded.
    const stamp = Date.now().toString(36)
    const copy = 'Offices and homes: help desk, security, Wi-Fi and cloud, on site or remotely.'
    const rows = Array.from(
      { length: 560 },
      (_, i) => `it-support-bulk-${i}-${stamp},no,Bulk Town ${i},Rockland County,NY,"${copy} ${copy}"`,
    )
    const csv = ['slug,is_published,town,county,state,hero_description', ...rows].join('\n')
    expect(csv.length).toBeGreaterThan(120 * 1024)
    // The progress stream the page reads, as the server sends it (the page shows each line it
    // receives; how often it repaints is the browser's business): a dry run writes nothing.
    const stream = await page.context().request.post(`${baseURL()}/admin/locations/import/run`, {
      headers: { origin: baseURL() },
      multipart: { mode: 'check', file: { name: 'towns.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    })
    expect(stream.status()).toBe(200)
    expect(stream.headers()['content-type']).toContain('application/x-ndjson')
    const lines = (await stream.text()).trim().split('\n')
    expect(lines.slice(0, 4)).toEqual(
      [0, 200, 400, 560].map((done) => `{"progress":{"phase":"check","done":${done},"total":560}}`),
    )
    expect(JSON.parse(lines.at(-1) as string).report.counts).toEqual({
      create: 560,
      update: 0,
      unchanged: 0,
      reject: 0,
    })

    // The same file through the page: checked, then applied.
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'towns.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('button', { name: 'Check the file' }).click()
    const report = page.getByRole('region', { name: 'What the import would do' })
    await report.getByText('560 to create, 0 to update, 0 unchanged, 0 rejected.').waitFor()
    await page.getByRole('button', { name: 'Apply 560 changes' }).click()
    await page
      .getByRole('region', { name: 'Imported' })
      .getByText('560 created, 0 updated, 0 unchanged, 0 rejected')
      .waitFor()
    await page.goto(`/admin/locations?q=bulk-559-${stamp}`)
    await page.getByRole('rowheader', { name: /Bulk Town 559/ }).waitFor()

    // Over 5 MB: said on the page without sending the file…
    await page.goto('/admin/locations/import')
    await hydrated(page)
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1, 'a')
    await page.getByLabel('CSV file').setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: huge })
    await page.getByRole('button', { name: 'Check the file' }).click()
    await page
      .getByRole('alert')
      .getByText('The file is too large (5 MB): a town pages import takes at most 5 MB per file.', { exact: false })
      .waitFor()
    await expectAccessible(page)
    // …and by the server, with the same limit, to a form sent without JavaScript.
    const refused = await page.context().request.post(`${baseURL()}/admin/locations/import`, {
      headers: { origin: baseURL() },
      multipart: { mode: 'check', file: { name: 'huge.csv', mimeType: 'text/csv', buffer: huge } },
    })
    expect(refused.status()).toBe(413)
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^The file is too large: .* at most 5 MB per file\./,
    )

    expect(appErrors(consoleErrors)).toEqual([])
    await context.close()
  })
})

describe('the blog feeds', () => {
  it('are well-formed RSS 2.0 and Atom, list only public posts, and are linked from the blog', async () => {
    const { page, context } = await newPage(browser())
    expect(await open(page, '/blog')).toBe(200)
    const alternates = await page
      .locator('link[rel="alternate"]')
      .evaluateAll((links) => links.map((l) => `${l.getAttribute('type')} ${l.getAttribute('href')}`))
    expect(alternates).toEqual([
      `application/rss+xml ${baseURL()}/blog/rss.xml`,
      `application/atom+xml ${baseURL()}/blog/atom.xml`,
    ])
    const publicPosts = await page
      .locator('article h2 a')
      .evaluateAll((links) => links.map((l) => (l as HTMLAnchorElement).pathname))
    expect(publicPosts.length).toBeGreaterThan(0)
    await page
      .locator('article')
      .first()
      .getByText(/\d+ min read/)
      .waitFor()

    for (const [path, type, root] of [
      ['/blog/rss.xml', 'application/rss+xml', 'rss'],
      ['/blog/atom.xml', 'application/atom+xml', 'feed'],
    ] as const) {
      const response = await fetch(`${baseURL()}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toContain(type)
      const xml = await response.text()
      // Parsed by the browser's XML parser: a well-formedness error gives a <parsererror> document.
      const parsed = await page.evaluate(
        ({ xml, root }) => {
          const doc = new DOMParser().parseFromString(xml, 'application/xml')
          const error = doc.getElementsByTagName('parsererror')[0]
          const links =
            root === 'rss'
              ? [...doc.querySelectorAll('item > link')].map((l) => l.textContent ?? '')
              : [...doc.querySelectorAll('entry > link')].map((l) => l.getAttribute('href') ?? '')
          return { error: error?.textContent ?? null, root: doc.documentElement.localName, links }
        },
        { xml, root },
      )
      expect(parsed.error, path).toBeNull()
      expect(parsed.root, path).toBe(root)
      const paths = parsed.links.map((link) => new URL(link).pathname)
      // The newest public posts, and nothing else (the list shows the same newest ten).
      expect(paths.slice(0, publicPosts.length), path).toEqual(publicPosts)
      for (const postPath of paths) expect(await publicAnswer(postPath), postPath).toBe(200)
    }
    await context.close()
  })
})
