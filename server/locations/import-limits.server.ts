/**
 * The size of a town pages import (docs/locations.md), in a module of its own so the HTTP host can
 * read its body limit without loading the CSV code.
 */

/** More rows than any service area has towns; keeps one import (and its transaction) small. */
export const importRowLimit = 2000

/**
 * The largest request the import takes (the file, or the checked text sent back to apply it):
 * a row of typical copy is about 1 KB, so 2,000 of them are about 2 MB; a row with every column at
 * its longest is about 3 KB (some 1,600 of them fit). Every other address keeps the server's 100 KB
 * (BODY_LIMIT_BYTES in server/http/app.server.ts).
 */
export const IMPORT_BODY_LIMIT_BYTES = 5 * 1024 * 1024
