import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { ROUTES } from '../app'
import { unwrap } from './zod-walk'
import { compile, match, route, type PathParams } from './route'

describe('the route table', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s declares a params schema naming exactly its path parameters',
    (_, def) => {
      const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1])
      if (names.length === 0) return expect(def.params).toBeUndefined()
      const params = unwrap(def.params!)
      const shape = params instanceof z.core.$ZodObject ? params._zod.def.shape : {}
      expect(Object.keys(shape).sort()).toEqual([...names].sort())
    },
  )

  it('matches a path with or without its trailing slash, and only that', () => {
    const routes = ROUTES.map(compile)
    expect(match(routes, 'GET', '/api/organizations').route?.def.path).toBe('/api/organizations/')
    expect(match(routes, 'GET', '/api/projects/7/session_recordings/abc').params).toEqual({
      project_id: '7',
      id: 'abc',
    })
    expect(match(routes, 'GET', '/api/organizations//').route).toBeUndefined()
    expect(match(routes, 'GET', '/api/organizationsx').route).toBeUndefined()
  })

  it('types a handler’s params from its schema, or from the path when it declares none', () => {
    expectTypeOf<keyof PathParams<'/api/projects/:project_id/things/:id/'>>().toEqualTypeOf<'project_id' | 'id'>()
    route({
      method: 'GET',
      path: '/api/things/:id/',
      scope: null,
      summary: 'typed',
      tag: 'test',
      params: z.object({ id: z.string().transform(Number) }),
      query: z.object({ q: z.string().optional() }),
      handle: ({ params, query }) => {
        expectTypeOf(params.id).toEqualTypeOf<number>()
        expectTypeOf(query.q).toEqualTypeOf<string | undefined>()
        return { status: 200 }
      },
    })
    route({
      method: 'GET',
      path: '/api/things/:id/',
      scope: null,
      summary: 'untyped',
      tag: 'test',
      handle: ({ params }) => {
        expectTypeOf(params.id).toEqualTypeOf<string>()
        return { status: 200 }
      },
    })
  })
})
