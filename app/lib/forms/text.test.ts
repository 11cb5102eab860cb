import { describe, expect, it } from 'vitest'
import { lineBreaks, refusedEverywhere } from '../../../tests/security/helpers/control-characters'
import { optionalText, text, textProblem } from './text'

describe('text fields', () => {
  const name = text({ label: 'Full name', max: 20, required: 'Enter your name.' })
  const note = optionalText({ label: 'Note', max: 50, multiline: true })

  it('refuses control characters and lone surrogates inside a value, on one line and on several', () => {
    for (const [char, what] of refusedEverywhere) {
      expect(name.safeParse(`a${char}b`).success, what).toBe(false)
      expect(note.safeParse(`a${char}b`).success, what).toBe(false)
    }
  })

  it('keeps line breaks and tabs in multi-line fields only', () => {
    for (const [char, what] of lineBreaks) {
      expect(name.safeParse(`a${char}b`).success, what).toBe(false)
      expect(note.parse(`a${char}b`), what).toBe(`a${char}b`)
    }
  })

  it('takes every other character, emoji (surrogate pairs) included', () => {
    expect(name.parse(' Zoë 🙂 Ñandú ')).toBe('Zoë 🙂 Ñandú')
    expect(textProblem('\ud83d\ude42')).toBeUndefined()
    expect(textProblem('\ude42\ud83d')).toBe('broken')
  })

  it('says what is wrong in words a person can act on', () => {
    const first = (value: unknown) => name.safeParse(value).error?.issues[0]?.message
    expect(first('Carl\r\nBcc: x@example.com')).toBe('Full name must be on one line.')
    expect(first('a\u0000b')).toBe(
      'Full name contains invisible control characters. Type it again or paste it as plain text.',
    )
    expect(first('a\ud800')).toBe('Full name contains a character that is not valid text. Type it again.')
    expect(first('x'.repeat(21))).toBe('Full name must be at most 20 characters.')
    expect(first(42)).toBe('Full name must be text.')
    for (const missing of [undefined, null, '', '   ']) expect(first(missing)).toBe('Enter your name.')
  })

  it('reads blank optional text as not given', () => {
    for (const blank of [undefined, null, '', ' \n ']) expect(note.parse(blank)).toBeUndefined()
    expect(note.parse(' kept ')).toBe('kept')
  })
})
