import { describe, expect, it } from 'vitest'
import { htmlToText, replyText } from './reply-text.server.ts'

describe('the reply part of an e-mail answer', () => {
  it('cuts Gmail’s "On … wrote:" and the quote below it', () => {
    const text =
      'The printer works again, thanks.\n\nOn Tue, 3 Nov 2026 at 10:12, Ramapo IT <support+abc@ramapo.test> wrote:\n> Please restart it.\n> Kind regards'
    expect(replyText(text)).toBe('The printer works again, thanks.')
  })

  it('cuts an "On … wrote:" folded onto two lines', () => {
    const text =
      'Still broken.\n\nOn Tue, 3 Nov 2026 at 10:12, Ramapo IT Support <support+abc@ramapo.test>\nwrote:\n\n> Try again'
    expect(replyText(text)).toBe('Still broken.')
  })

  it('cuts "-----Original Message-----"', () => {
    const text =
      'Yes, go ahead.\r\n\r\n-----Original Message-----\r\nFrom: Support\r\nSent: Monday\r\n\r\nMay we reboot the server?'
    expect(replyText(text)).toBe('Yes, go ahead.')
  })

  it('cuts Outlook’s From:/Sent:/To:/Subject: block, with or without the line above it', () => {
    const block =
      'From: Ramapo IT Support <support+abc@ramapo.test>\nSent: Monday, November 2, 2026 9:00 AM\nTo: Ann <ann@client.test>\nSubject: RE: [#T-000123] Printer\n\nOld text'
    expect(replyText(`Thanks!\n\n${block}`)).toBe('Thanks!')
    expect(replyText(`Thanks!\n________________________________\n${block}`)).toBe('Thanks!')
  })

  it('cuts at our own "Reply above this line" marker', () => {
    expect(replyText('Fine by me.\n\n—— Reply above this line to answer the ticket ——\n\nT-000001 …')).toBe(
      'Fine by me.',
    )
  })

  it('cuts "> " quoted blocks', () => {
    expect(replyText('Done.\n\n> old line\n> older line')).toBe('Done.')
  })

  it('keeps a text that quotes nothing, and a "From:" line that is not a header block', () => {
    expect(replyText('From: my laptop the VPN fails.\nIt says error 809.')).toBe(
      'From: my laptop the VPN fails.\nIt says error 809.',
    )
  })

  it('keeps an answer written below the quote', () => {
    const text =
      'On Tue, 3 Nov 2026 at 10:12, Support <s@ramapo.test> wrote:\n> Which model is it?\n\nAn HP LaserJet M404.'
    expect(replyText(text)).toBe('An HP LaserJet M404.')
  })
})

describe('HTML-only mail', () => {
  it('becomes text without the quoted history, images or link targets', async () => {
    const html =
      '<div dir="ltr">The <b>VPN</b> fails, see <a href="https://evil.test">this</a>.<img src="cid:x"></div><div class="gmail_quote"><div>On Tue Support wrote:</div><blockquote>old</blockquote></div>'
    const text = await htmlToText(html)
    expect(text).toContain('The VPN fails, see this.')
    expect(text).not.toContain('evil.test')
    expect(text).not.toContain('old')
  })
})
