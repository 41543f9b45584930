import { z } from 'zod'

// The browser's pages run under a Content-Security-Policy without 'unsafe-eval' (server/http/headers.ts).
// Zod compiles object parsers with `new Function` unless told not to, and probes for it as the first
// object schema is made: the policy refuses the probe, and Chrome reports the violation with the
// script's source position, which made V8 reparse the whole entry (about 50 ms of the first page's load
// at 1× CPU). Each browser entry imports this module first, before any schema exists; the server keeps
// zod's compiled parsers.
z.config({ jitless: true })
