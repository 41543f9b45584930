import { z } from 'zod'
import { errorBody } from '../../src/contracts/common'
import type { RouteDef } from '../http/route'

const json = (schema: z.core.$ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' })

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Bad input (validation_error names the field in attr)',
  '401': 'No key, or an unknown key',
  '403': 'The key lacks the scope, is limited to other organizations or projects, or the membership level is too low',
  '404': 'Unknown object, or one the key’s user cannot see',
  '429': 'Rate limited; see Retry-After',
}

function queryParameters(def: RouteDef) {
  if (!def.query) return []
  const schema = json(def.query, 'input')
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: false,
    schema: s,
    ...(def.repeatable?.includes(name) ? { explode: true } : {}),
  }))
}

/** An OpenAPI 3.1 document generated from the route table and the same zod contracts. */
export function openApiDocument(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {}
  const error = { content: { 'application/json': { schema: json(errorBody, 'output') } } }
  for (const def of routes) {
    const path = def.path.replace(/:(\w+)/g, '{$1}')
    const declared = def.params ? json(def.params, 'input').properties : undefined
    const pathParams = [...def.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: (m[1] && declared?.[m[1]]) ?? { type: 'string' },
    }))
    const status = String(def.status ?? 200)
    const op: Record<string, unknown> = {
      summary: def.summary,
      tags: [def.tag],
      parameters: [...pathParams, ...queryParameters(def)],
      security: [
        { PersonalAPIKey: def.scope ? [def.scope] : [] },
        { PersonalAPIKeyQuery: def.scope ? [def.scope] : [] },
      ],
      responses: {
        [status]: def.response
          ? { description: 'OK', content: { 'application/json': { schema: json(def.response, 'output') } } }
          : { description: status === '204' ? 'No content' : 'OK, empty body' },
        ...Object.fromEntries(
          Object.entries(ERROR_STATUSES).map(([code, description]) => [code, { description, ...error }]),
        ),
      },
    }
    if (def.body)
      op.requestBody = { required: true, content: { 'application/json': { schema: json(def.body, 'input') } } }
    if (def.deprecated) op.deprecated = true
    if (def.experimental) {
      op['x-experimental'] = true
      op.description = 'Experimental: in development, likely to change, must not be depended on.'
    }
    if (def.scope) op['x-required-scope'] = def.scope
    ;(paths[path] ??= {})[def.method.toLowerCase()] = op
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Analytics Admin API',
      version: '1.0.0',
      description:
        'Organizations, batch exports, session recordings and sharing, a subset of PostHog’s API (docs/api.md). ' +
        'limit defaults to 100 (recordings: 50) and is clamped to 1000; a limit or offset that is not a number ' +
        'falls back to the default. The key may also be sent as personal_api_key in the query or the body.',
    },
    components: {
      securitySchemes: {
        PersonalAPIKey: { type: 'http', scheme: 'bearer', description: 'Personal API key (phx_…)' },
        // PostHog also takes the key from the query string (or as personal_api_key in a JSON body).
        PersonalAPIKeyQuery: { type: 'apiKey', in: 'query', name: 'personal_api_key' },
      },
    },
    paths,
  }
}
