/**
 * A name as an iCalendar parameter value (an attendee's CN). RFC 5545 allows no double quote
 * inside a quoted parameter, and the `ics` library writes it as `\"`, which calendar programs
 * read as the end of the value; RFC 6868 spells it `^'` (and `^` itself `^^`, a line break `^n`),
 * which the library then leaves alone. What calendars show is the name as typed.
 */
export function icsParameterText(value: string): string {
  return value
    .replaceAll('^', '^^')
    .replaceAll('"', "^'")
    .replace(/\r\n|\r|\n/g, '^n')
}
