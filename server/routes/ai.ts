import { aiFiltersInput, aiFiltersOutput, aiRegexInput, aiRegexOutput } from '../../src/contracts/ai'
import { translateFilters } from '../ai/filters'
import { translateRegex } from '../ai/regex'
import { route } from '../http/route'
import { projectParam } from './params'

const tag = 'experimental'
const base = '/api/projects/:project_id/session_recordings/ai/'

/** Experimental helpers, answered by deterministic rule-based translators (no model is reachable). */
export const aiRoutes = [
  route({
    method: 'POST',
    path: `${base}regex/`,
    scope: 'session_recording:read',
    summary: 'EXPERIMENTAL, may change: turn a plain description into a regular expression',
    tag,
    experimental: true,
    body: aiRegexInput,
    response: aiRegexOutput,
    handle: ({ db, auth, params, body }) => {
      projectParam(db, auth, params.project_id)
      return { status: 200, body: translateRegex(body.regex) }
    },
  }),
  route({
    method: 'POST',
    path: `${base}filters/`,
    scope: 'session_recording:read',
    summary: 'EXPERIMENTAL, may change: turn a plain request into recording-list filters',
    tag,
    experimental: true,
    body: aiFiltersInput,
    response: aiFiltersOutput,
    handle: ({ db, auth, params, body }) => {
      projectParam(db, auth, params.project_id)
      return { status: 200, body: translateFilters(body.messages) }
    },
  }),
]
