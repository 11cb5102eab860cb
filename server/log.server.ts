import pino from 'pino'

export type Logger = pino.Logger

/** JSON logs on stdout, one line per event; secrets and cookies are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'ramapo-it' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.secret', '*.authSecret'],
      censor: '[redacted]',
    },
  })
}
