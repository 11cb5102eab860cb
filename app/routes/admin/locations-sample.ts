import { sampleCsv } from '../../../server/locations/import.server.ts'

// GET /admin/locations/sample.csv: the import's columns with two example rows, to start a file from.

export function loader() {
  return new Response(sampleCsv(), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="town-pages-sample.csv"',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
