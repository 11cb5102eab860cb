import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { appDir, importsOf, resolveFile, root, staticImport } from './import-graph.ts'

/**
 * Packages that no request needs at boot load at their first use, through a dynamic `import()` in
 * the one module that uses each (docs/perf/boot.md): in the server bundle, everything the entry
 * imports statically is read, compiled and run at every start, and ~2.5 MB of such code took the
 * boot from ~0.7 s to ~2 s. A static import of one of them anywhere the server's entry or a route
 * module reaches puts it back into every boot; this test names the chain of imports that does.
 * `import type` is free (erased); `import { type X }` is not (verbatimModuleSyntax keeps the import).
 */
const lazyPackages = [
  'stripe', // online payments: the provider's first call (server/payments/stripe.server.ts)
  'imapflow', // the support mailbox, only with IMAP_URL (server/support/inbound/mailbox.server.ts)
  'postal-mime', // an inbound message parsed (server/support/inbound/parse.server.ts)
  'html-to-text', // an HTML-only message (server/support/inbound/reply-text.server.ts)
  'tar', // a backup written or read (server/backups/archive.server.ts)
  'age-encryption', // an encrypted backup (server/backups/archive.server.ts)
  'feed', // the blog's feed asked for (server/blog/feed.server.ts)
  'file-type', // an attachment checked (server/support/attachments.server.ts)
]

const packageOf = (specifier: string) => {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '')
}

/** The first chain of static imports from `file` to one of `packages`, or null (depth-first, memoised). */
function lazyPackageChain(
  file: string,
  packages: string[],
  known = new Map<string, string[] | null>(),
): string[] | null {
  const found = known.get(file)
  if (found !== undefined) return found
  known.set(file, null) // cycles end here
  for (const { specifier, target } of importsOf(file, staticImport)) {
    if (!target && packages.includes(packageOf(specifier))) {
      known.set(file, [specifier])
      return [specifier]
    }
    const next = target && resolveFile(target)
    const chain = next ? lazyPackageChain(next, packages, known) : null
    if (chain) {
      known.set(file, [specifier, ...chain])
      return [specifier, ...chain]
    }
  }
  return null
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** What the server bundle loads at start: its entry, and the route modules the React Router build imports. */
const entries = [
  path.join(root, 'server/main.server.ts'),
  path.join(appDir, 'root.tsx'),
  path.join(appDir, 'entry.server.tsx'),
  ...sourceFiles(path.join(appDir, 'routes')),
]

describe('packages loaded at first use', () => {
  it('finds the entries and the modules that use each package (the rule below checks something)', () => {
    expect(entries.length).toBeGreaterThan(50)
    const serverFiles = sourceFiles(path.join(root, 'server'))
    for (const name of lazyPackages) {
      const users = serverFiles.filter((file) => {
        const text = fs.readFileSync(file, 'utf8')
        return text.includes(`import('${name}')`) || text.includes(` from '${name}'`)
      })
      expect(users, `no module of server/ uses ${name}: take it off the list`).not.toEqual([])
    }
  })

  it('keeps them out of the static imports of the server entry and every route module', () => {
    const known = new Map<string, string[] | null>()
    const offenders = entries.flatMap((file) => {
      const chain = lazyPackageChain(file, lazyPackages, known)
      return chain ? [`${path.relative(root, file)} → ${chain.join(' → ')}`] : []
    })
    expect(offenders).toEqual([])
  })

  it('would see a package imported statically through our own modules (the check can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lazy-rule-'))
    fs.writeFileSync(path.join(dir, 'entry.ts'), "import type { Stripe } from 'stripe'\nimport { pay } from './pay'\n")
    fs.writeFileSync(path.join(dir, 'pay.ts'), "import { type X, Stripe } from 'stripe'\nexport const pay = 1\n")
    fs.writeFileSync(path.join(dir, 'lazy.ts'), "const load = () => import('stripe')\nexport { load }\n")
    fs.writeFileSync(path.join(dir, 'typed.ts'), "import type Stripe from 'stripe'\nexport * from './lazy'\n")
    fs.writeFileSync(path.join(dir, 'default.ts'), "import Stripe, { errors } from 'stripe'\n")
    expect(lazyPackageChain(path.join(dir, 'entry.ts'), ['stripe'])).toEqual(['./pay', 'stripe'])
    expect(lazyPackageChain(path.join(dir, 'typed.ts'), ['stripe'])).toBeNull()
    expect(lazyPackageChain(path.join(dir, 'default.ts'), ['stripe'])).toEqual(['stripe'])
    fs.rmSync(dir, { recursive: true })
  })
})
