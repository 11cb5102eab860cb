import { z } from 'zod'

/**
 * The one text field of every schema (booking, accounts, blog). Besides length and presence it
 * refuses what a person cannot type and the database or a mail cannot carry:
 * - control characters (U+0000-U+001F, U+007F, U+0080-U+009F): PostgreSQL refuses NUL in text and
 *   json, and a line break in a name or company would forge lines of the staff e-mail. Multi-line
 *   fields keep tab and line breaks;
 * - one-line fields also refuse the Unicode line and paragraph separators (U+2028, U+2029);
 * - lone surrogates (half of a UTF-16 pair, only possible in JSON bodies): PostgreSQL refuses them.
 * Passwords are not text fields: they are hashed, never stored or shown.
 */

export type TextProblem = 'line-break' | 'control' | 'broken' | 'direction'

/**
 * The invisible characters that change how text around them is shown: zero-width space and joiners,
 * the direction marks (U+200B-U+200F), embeddings and overrides (U+202A-U+202E) and isolates
 * (U+2066-U+2069). In a name, `Mal\u202EecnalliM` shows as "MalMillance" on the page, the PDF and
 * the signature certificate: a name must show as what it is, so names refuse them.
 */
const directionCharacters = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/

/** Whether a value holds a character that reorders or hides the text around it. */
export function hasDirectionCharacters(value: string): boolean {
  return directionCharacters.test(value)
}

/** What is wrong with the characters of a value, or undefined. */
export function textProblem(value: string, multiline = false): TextProblem | undefined {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029) {
      if (!multiline) return 'line-break'
    } else if (code === 0x09) {
      if (!multiline) return 'control'
    } else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      return 'control'
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1)
      if (!(next >= 0xdc00 && next <= 0xdfff)) return 'broken'
      i++
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return 'broken'
    }
  }
  return undefined
}

export type TextOptions = {
  /** The field as messages name it: "Company name must be at most 120 characters." */
  label: string
  max: number
  /** Several lines (a message, a post): tab and line breaks are kept. */
  multiline?: boolean
  /** Leading and trailing spaces are dropped (the default). */
  trim?: boolean
  /** A person's or a company's name: also refuses the direction and format characters above. */
  name?: boolean
  /** Messages in the form's own voice, instead of the defaults built from the label. */
  messages?: { tooLong?: string; notText?: string }
}

const characterMessages: Record<TextProblem, (label: string) => string> = {
  'line-break': (label) => `${label} must be on one line.`,
  control: (label) => `${label} contains invisible control characters. Type it again or paste it as plain text.`,
  broken: (label) => `${label} contains a character that is not valid text. Type it again.`,
  direction: (label) =>
    `${label} contains invisible characters that change how it reads (direction or zero-width). Type it again.`,
}

/** The string checks shared by both variants. */
function textString(options: TextOptions) {
  const { label, max, multiline = false, trim = true, name = false, messages = {} } = options
  const base = z.string({ error: messages.notText ?? `${label} must be text.` })
  // The characters first: their message is the one a forged or pasted value needs.
  return (trim ? base.trim() : base)
    .superRefine((value, ctx) => {
      const problem = textProblem(value, multiline) ?? (name && hasDirectionCharacters(value) ? 'direction' : undefined)
      if (problem) ctx.addIssue({ code: 'custom', message: characterMessages[problem](label) })
    })
    .max(max, messages.tooLong ?? `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
}

const missingAsEmpty = (value: unknown) => (value === undefined || value === null ? '' : value)
const blankAsMissing = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

/** A text that must be given: missing, null, empty or only spaces are answered with `required`. */
export function text(options: TextOptions & { required: string }) {
  return z.preprocess(
    missingAsEmpty,
    textString(options).refine((v) => v.trim() !== '', options.required),
  )
}

/** A text that may be left out: missing, null, empty or only spaces read as undefined. */
export function optionalText(options: TextOptions) {
  return z.preprocess(blankAsMissing, textString(options).optional())
}
