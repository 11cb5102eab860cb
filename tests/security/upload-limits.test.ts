import { describe, expect, it } from 'vitest'
import {
  adminSessionCookie,
  invitedAccountOverHttp,
  sessionCookie,
  strongPassword,
  uniqueIdentity,
} from '../e2e/helpers/accounts'
import { baseURL } from '../e2e/helpers/browser'

/**
 * The ticket forms' files over HTTP, through the built server (docs/support.md#attachments): a file
 * over 10 MB, or a sixth file, is refused while the body streams in, with the form's own answer (413,
 * the reason beside the file field, the subject kept), never a 500, and no ticket is opened; a small
 * file still goes through.
 */

const megabyte = 1024 * 1024

function ticketForm(files: { name: string; size: number }[], subject: string): FormData {
  const form = new FormData()
  form.append('intent', 'open')
  form.append('subject', subject)
  form.append('body', 'The files are in the attachments.')
  form.append('category', 'managed_it')
  form.append('priority', 'normal')
  for (const file of files) form.append('attachments', new Blob([Buffer.alloc(file.size, 'a')]), file.name)
  return form
}

async function post(path: string, form: FormData, cookie: string, ip: string) {
  const subject = form.get('subject')
  try {
    const response = await fetch(`${baseURL()}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: baseURL(), 'x-forwarded-for': ip },
      body: form,
    })
    return { status: response.status, body: await response.text(), location: response.headers.get('location') }
  } catch (error) {
    throw new Error(`${path} (${subject}): ${String(error)} ${String((error as Error).cause)}`)
  }
}

describe('ticket attachments: limits while the upload streams', () => {
  it('refuses a file of 10 MB and 1 byte, and a sixth file, with the form’s answer and nothing stored', async () => {
    const ip = uniqueIdentity('upload-limits').ip
    const admin = await adminSessionCookie(ip)
    const client = await invitedAccountOverHttp('client', 'upload-limits', admin, ip)
    const cookie = await sessionCookie(client, strongPassword, ip)

    const small = await post(
      '/support/new',
      ticketForm([{ name: 'small.txt', size: 1024 }], 'Upload limit: a small file'),
      cookie,
      ip,
    )
    // A file within the limits is taken. (A successful upload of several MB is not tried here: over
    // HTTP the built server closes the connection under it, before and after the streaming parser.)
    expect(small.status).toBe(302)
    expect(small.location).toMatch(/^\/support\/[0-9a-f-]{36}\?opened=1$/)
    const tooLarge = await post(
      '/support/new',
      ticketForm([{ name: 'capture.log', size: 10 * megabyte + 1 }], 'Upload limit: one large file'),
      cookie,
      ip,
    )
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body).toContain('capture.log is larger than 10 MB.')
    // The page comes back with what was typed.
    expect(tooLarge.body).toContain('value="Upload limit: one large file"')

    const six = await post(
      '/support/new',
      ticketForm(
        [1, 2, 3, 4, 5, 6].map((n) => ({ name: `notes-${n}.txt`, size: 1024 })),
        'Upload limit: six files',
      ),
      cookie,
      ip,
    )
    expect(six.status).toBe(413)
    expect(six.body).toContain('Attach at most 5 files to one message.')

    // The same through the data request a hydrated page sends.
    const data = await post(
      '/support/new.data',
      ticketForm([{ name: 'capture.log', size: 10 * megabyte + 1 }], 'Upload limit: data request'),
      cookie,
      ip,
    )
    expect(data.status).toBe(413)
    expect(data.body).toContain('capture.log is larger than 10 MB.')

    // After the refusals the next form still goes through (the refused bodies were thrown away, not cut off).
    const after = await post(
      '/support/new',
      ticketForm([{ name: 'after.txt', size: 1024 }], 'Upload limit: after the refusals'),
      cookie,
      ip,
    )
    expect(after.status).toBe(302)

    const list = await fetch(`${baseURL()}/support`, { headers: { cookie, 'x-forwarded-for': ip } })
    const tickets = await list.text()
    expect(tickets).toContain('Upload limit: a small file')
    expect(tickets).toContain('Upload limit: after the refusals')
    expect(tickets).not.toContain('Upload limit: one large file')
    expect(tickets).not.toContain('Upload limit: six files')
    expect(tickets).not.toContain('Upload limit: data request')
  })
})
