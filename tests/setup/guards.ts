import { afterEach, beforeEach } from 'vitest'

// The suite must run on the Node 24 the project brings (node_modules/.bin/node via npm scripts).
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  throw new Error(`Tests need Node 24, got ${process.versions.node}: run them with "npm test".`)
}

// A console.error during a test is a bug somewhere: fail the test that caused it.
let errors: unknown[][] = []
const original = console.error
beforeEach(() => {
  errors = []
  console.error = (...args: unknown[]) => {
    errors.push(args)
    original(...args)
  }
})
afterEach(() => {
  console.error = original
  if (errors.length > 0) {
    throw new Error(`console.error was called ${errors.length} time(s): ${String(errors[0]?.[0])}`)
  }
})
