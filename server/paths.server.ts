import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The repository root, found from this module's own location, so that the source tree (tests, dev)
 * and the bundle in build/server both find files kept beside the code (migrations, built client).
 */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) return process.cwd()
    dir = parent
  }
  return dir
}

export const migrationsDir = () => path.join(projectRoot(), 'server/db/migrations')
export const clientBuildDir = () => path.join(projectRoot(), 'build/client')
