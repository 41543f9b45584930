import { readFileSync } from 'node:fs'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { areaRoutes } from '../src/app/routes'
import { routeModules } from './route-preloads'

describe('routeModules', () => {
  it('finds every lazy route of the console with its page module', () => {
    const found = routeModules(readFileSync('src/app/routes.tsx', 'utf8'))
    const lazy = areaRoutes(new QueryClient()).filter((r) => r.lazy)
    expect(Object.keys(found)).toEqual(lazy.map((r) => r.path))
    expect(found['projects/:projectId/recordings']).toBe('../features/session-recordings/recordings-page')
  })
})
