/** The V8 settings server.js restarts itself with (server-v8-flags.js). */
export declare const serverV8Flags: readonly string[]
