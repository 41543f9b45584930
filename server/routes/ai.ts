import { z } from 'zod'
import { aiFiltersInput, aiFiltersOutput, aiRegexInput, aiRegexOutput } from '../../src/contracts/ai'
import { translateFilters } from '../ai/filters'
import { translateRegex } from '../ai/regex'
import { projectAccess } from '../auth/access'
import { route } from '../http/route'
import { parentProjectId } from './params'

const tag = 'experimental'
const base = '/api/projects/:project_id/session_recordings/ai/'
const params = z.object({ project_id: parentProjectId })

/** Experimental helpers, answered by deterministic rule-based translators (no model is reachable). */
export const aiRoutes = [
  route({
    method: 'POST',
    path: `${base}regex/`,
    scope: 'session_recording:read',
    summary: 'EXPERIMENTAL, may change: turn a plain description into a regular expression',
    tag,
    experimental: true,
    params,
    body: aiRegexInput,
    response: aiRegexOutput,
    load: ({ db, auth, params }) => projectAccess(db, auth, params.project_id),
    handle: ({ body }) => ({ status: 200, body: translateRegex(body.regex) }),
  }),
  route({
    method: 'POST',
    path: `${base}filters/`,
    scope: 'session_recording:read',
    summary: 'EXPERIMENTAL, may change: turn a plain request into recording-list filters',
    tag,
    experimental: true,
    params,
    body: aiFiltersInput,
    response: aiFiltersOutput,
    load: ({ db, auth, params }) => projectAccess(db, auth, params.project_id),
    handle: ({ body }) => ({ status: 200, body: translateFilters(body.messages) }),
  }),
]
