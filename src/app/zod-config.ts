import * as z from 'zod/mini'
import { en } from 'zod/locales'

// How zod runs in the browser. Each browser entry imports this module first, before any schema exists.
//
// - No compiled parsers: the pages run under a Content-Security-Policy without 'unsafe-eval'
//   (server/http/headers.ts). Zod compiles object parsers with `new Function` unless told not to, and
//   probes for it as the first object schema is made: the policy refused the probe, and the browser
//   reported the violation and logged it as an error on every page load. The server's own classic
//   schemas keep them (zod/mini, which the contracts use, never compiles its objects).
// - English messages for the checks that carry none of their own ("Too big: expected string to have
//   <=1024 characters"): `zod/mini` loads no locale, and would say only "Invalid input". Classic zod,
//   which the server uses, loads this one itself.
z.config({ jitless: true, ...en() })
