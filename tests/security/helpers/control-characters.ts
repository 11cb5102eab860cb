/**
 * The characters text fields must refuse (app/lib/forms/text.ts), shared by the unit tests, the
 * intake property test and the security suite: each as [character, name for a failure report].
 */

/** Refused in every text field: PostgreSQL cannot store them, or a person cannot see them. */
export const refusedEverywhere: ReadonlyArray<[string, string]> = [
  ['\u0000', 'NUL'],
  ['\u0001', 'SOH'],
  ['\u0008', 'backspace'],
  ['\u000b', 'vertical tab'],
  ['\u000c', 'form feed'],
  ['\u001b', 'escape'],
  ['\u001f', 'unit separator'],
  ['\u007f', 'DEL'],
  ['\u0085', 'next line (C1)'],
  ['\u009f', 'C1 control'],
  ['\ud800', 'lone high surrogate'],
  ['\udc00', 'lone low surrogate'],
]

/** Refused on one line, kept in several. */
export const lineBreaks: ReadonlyArray<[string, string]> = [
  ['\n', 'line feed'],
  ['\r', 'carriage return'],
  ['\r\n', 'CRLF'],
  ['\t', 'tab'],
  ['\u2028', 'line separator'],
  ['\u2029', 'paragraph separator'],
]
