// The home page's contact form (app/features/booking/contact-form.tsx) in the #contact section. It
// passes once ContactForm is wired into that section of app/routes/home.tsx.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { business } from '../../app/content/business'
import { parseMessage } from '../integration/helpers/mail'
import { newPage, testBrowser, visit } from './helpers/browser'

const browser = testBrowser()

describe('a visitor sends a message from the home page', () => {
  it('checks the fields, sends the message, shows the toast and e-mails both sides', async () => {
    const { page, context, consoleErrors } = await newPage(browser())
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/process-form'))
        posts.push(request.postData() ?? '')
    })
    await visit(page, '/#contact')
    const form = page.locator('#contact form')
    await expect.poll(() => form.getAttribute('data-availability')).toBe('available')

    await form.locator('button[type="submit"]').click()
    await expect.poll(() => page.locator('#contact-name-error').textContent()).toBe('Please enter your name.')
    expect(await page.locator('#contact-email-error').textContent()).toBe('Please enter your e-mail address.')
    expect(await page.locator('#contact-message-error').textContent()).toBe('Please enter a message.')
    expect(posts).toEqual([])

    const email = `contact-${Date.now()}@example.com`
    await form.getByLabel('Name').fill('Robin Sample')
    await form.getByLabel('E-mail').fill(email)
    await form.getByLabel('Phone').fill('201-555-0199')
    await form.getByLabel('Message').fill('Do you set up home offices in Mahwah?')
    await form.locator('button[type="submit"]').click()

    const toast = page.locator('[data-slot="toast"]').filter({ hasText: 'Message sent!' })
    await toast.waitFor()
    expect(await toast.getAttribute('data-variant')).toBe('success')
    expect(await form.getByLabel('Name').inputValue()).toBe('')
    expect(JSON.parse(posts[0] ?? '{}')).toMatchObject({ formType: 'contact', name: 'Robin Sample', email })

    const mailDir = path.join(inject('dataDir'), 'mail')
    const ours = fs
      .readdirSync(mailDir)
      .map((f) => parseMessage(fs.readFileSync(path.join(mailDir, f), 'utf8')))
      .filter((m) => m.text.includes('Do you set up home offices in Mahwah?'))
    expect(ours.map((m) => m.headers.get('to')).sort()).toEqual([email, business.email].sort())
    expect(consoleErrors).toEqual([])
    await context.close()
  })
})
