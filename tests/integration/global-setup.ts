import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import pino from 'pino'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/db/client.server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A migrated database every test database starts from: on PGlite, the file of a migrated data
     * folder (PGlite's dumpDataDir); on a real server, the name of a migrated template database.
     */
    migratedDatabase: { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string }
  }
}

const log = pino({ level: 'silent' })

/**
 * Migrates one database for the whole integration run. A test database is then a copy of it (PGlite
 * loads the saved folder; PostgreSQL's CREATE DATABASE … TEMPLATE) instead of a new cluster running
 * all the migrations again: seconds per database, hundreds of databases per run. Tests that are about
 * migrating (`openTestDatabase({ migrate: false })`) still start empty.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL || undefined
  if (!adminUrl) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ramapo-test-image-'))
    const file = path.join(folder, 'migrated.tar')
    const database = await openDatabase({ dataDir: 'memory', log })
    try {
      await database.migrate()
      if (!database.pglite) throw new Error('expected the embedded database')
      const image = await database.pglite.dumpDataDir('none')
      fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()))
    } finally {
      await database.close()
    }
    project.provide('migratedDatabase', { kind: 'pglite', file })
    return () => fs.rmSync(folder, { recursive: true, force: true })
  }

  const name = `test_template_${randomBytes(4).toString('hex')}`
  await onServer(adminUrl, `create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory', log })
  try {
    await database.migrate()
  } finally {
    await database.close()
  }
  project.provide('migratedDatabase', { kind: 'postgres', name })
  return () => onServer(adminUrl, `drop database if exists "${name}" with (force)`)
}

async function onServer(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end().catch(() => {})
  }
}
