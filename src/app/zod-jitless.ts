import { z } from 'zod'

// The browser's pages run under a Content-Security-Policy without 'unsafe-eval' (server/http/headers.ts).
// Zod compiles object parsers with `new Function` unless told not to, and probes for it as the first
// object schema is made: the policy refused the probe, and the browser reported the violation and logged
// it as an error on every page load. Each browser entry imports this module first, before any schema
// exists; the server keeps zod's compiled parsers.
z.config({ jitless: true })
