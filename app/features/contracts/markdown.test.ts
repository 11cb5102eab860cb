import { describe, expect, it } from 'vitest'
import { parseContractMarkdown, spansOf } from './markdown'
import { fillTemplate, normalizeContractText, unfilledPlaceholders } from './placeholders'
import { availableContractEvents, contractTransitions, decideContract } from './states'

describe('contract Markdown', () => {
  it('reads headings, paragraphs, bulleted and numbered lists, bold and italic', () => {
    const blocks = parseContractMarkdown(
      '# Title\n\nThe **Client** pays _monthly_.\nSame paragraph.\n\n## 1. Fees\n\n1. First\n   continued\n2. Second\n\n- a\n- b\n',
    )
    expect(blocks).toEqual([
      { type: 'heading', level: 1, spans: [{ text: 'Title' }] },
      {
        type: 'paragraph',
        spans: [
          { text: 'The ' },
          { text: 'Client', bold: true },
          { text: ' pays ' },
          { text: 'monthly', italic: true },
          { text: '. Same paragraph.' },
        ],
      },
      { type: 'heading', level: 2, spans: [{ text: '1. Fees' }] },
      { type: 'list', ordered: true, items: [[{ text: 'First continued' }], [{ text: 'Second' }]] },
      { type: 'list', ordered: false, items: [[{ text: 'a' }], [{ text: 'b' }]] },
    ])
  })

  it('shows what it does not know as typed, HTML included', () => {
    expect(spansOf('<b>x</b> and [link](http://x) and snake_case_name')).toEqual([
      { text: '<b>x</b> and [link](http://x) and snake_case_name' },
    ])
  })

  it('shows blocks it does not know as typed: deeper headings, quotes, code, HTML', () => {
    expect(
      parseContractMarkdown(
        '#### Fine print\n\n> Quoted\n\n    indented\n\n<div>hidden?</div>\n\nA [link](http://x).\n',
      ),
    ).toEqual([
      { type: 'paragraph', spans: [{ text: '#### Fine print' }] },
      { type: 'paragraph', spans: [{ text: '> Quoted' }] },
      { type: 'paragraph', spans: [{ text: '    indented' }] },
      { type: 'paragraph', spans: [{ text: '<div>hidden?</div>' }] },
      { type: 'paragraph', spans: [{ text: 'A [link](http://x).' }] },
    ])
  })

  it('continues a list with the items of a list inside it', () => {
    expect(parseContractMarkdown('- Support\n  - on site\n  - remote\n- Backups\n')).toEqual([
      {
        type: 'list',
        ordered: false,
        items: [[{ text: 'Support' }], [{ text: 'on site' }], [{ text: 'remote' }], [{ text: 'Backups' }]],
      },
    ])
  })
})

describe('placeholders', () => {
  const values = {
    clientName: 'Carla Reyes',
    company: 'Harbor Dental',
    plan: 'Full Help Desk',
    pricePerUser: '$100.00',
    users: '12',
    startDate: 'June 1, 2026',
    term: '12 months',
  }
  it('fills the known ones and leaves the others for the send check to refuse', () => {
    const text = fillTemplate(
      '{{company}} ({{ client_name }}), {{users}} users at {{price_per_user}}; {{witness}}',
      values,
    )
    expect(text).toBe('Harbor Dental (Carla Reyes), 12 users at $100.00; {{witness}}')
    expect(unfilledPlaceholders(text)).toEqual(['{{witness}}'])
  })

  it('stores one form of a text: LF line ends, no trailing spaces, one final newline', () => {
    expect(normalizeContractText('a  \r\nb\r\n\r\n')).toBe('a\nb\n')
  })
})

describe('the contract transition table', () => {
  it('lets only the client sign or decline, only before expiry, and only staff countersign after', () => {
    expect(decideContract({ status: 'viewed', expired: false }, 'sign', 'client')).toEqual({ ok: true, to: 'signed' })
    expect(decideContract({ status: 'viewed', expired: true }, 'sign', 'client')).toEqual({
      ok: false,
      refusal: 'expired',
    })
    expect(decideContract({ status: 'withdrawn', expired: false }, 'sign', 'client')).toEqual({
      ok: false,
      refusal: 'wrong-status',
    })
    expect(decideContract({ status: 'sent', expired: false }, 'sign', 'staff')).toEqual({
      ok: false,
      refusal: 'wrong-party',
    })
    expect(availableContractEvents({ status: 'signed', expired: true }, 'staff')).toEqual(['countersign'])
    expect(availableContractEvents({ status: 'countersigned', expired: false }, 'staff')).toEqual([])
  })

  it('never leads out of a signature, a decline or a withdrawal except to the countersignature', () => {
    for (const t of contractTransitions) {
      for (const from of t.from) {
        if (['countersigned', 'declined', 'withdrawn'].includes(from)) throw new Error(`${t.event} from ${from}`)
        if (from === 'signed') expect(t.to).toBe('countersigned')
      }
    }
  })
})
