import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chunkGroups, findCycle } from './chunk-groups'

const root = resolve('.')
const at = (path: string) => resolve(root, path)

// A small module graph shaped like the console's: two landing list pages of two areas, a detail page,
// the sign-in page, and what they import. `importers` are static importers.
const RECORDINGS = at('src/features/session-recordings/recordings-page.tsx')
const RECORDING = at('src/features/session-recordings/recording-detail-page.tsx')
const ORGS = at('src/features/organizations/organizations-page.tsx')
const SIGN_IN = at('src/app/sign-in-page.tsx')
const graph: Record<string, { importers: string[]; dynamicImporters: string[] }> = {
  [RECORDINGS]: { importers: [], dynamicImporters: [at('src/app/routes.tsx')] },
  [RECORDING]: { importers: [], dynamicImporters: [at('src/app/routes.tsx')] },
  [ORGS]: { importers: [], dynamicImporters: [at('src/app/routes.tsx')] },
  [SIGN_IN]: { importers: [], dynamicImporters: [at('src/app/router.tsx')] },
  [at('src/components/table.tsx')]: { importers: [RECORDINGS, ORGS], dynamicImporters: [] },
  // Reached through another shared module, by a list page and the sign-in page.
  [at('src/components/field.tsx')]: { importers: [at('src/components/table.tsx'), SIGN_IN], dynamicImporters: [] },
  [at('node_modules/lucide-react/dist/esm/icons/copy.mjs')]: {
    importers: [at('src/components/table.tsx')],
    dynamicImporters: [],
  },
  // One area's shared code: the recordings list and a recording.
  [at('src/api/session-recordings.ts')]: { importers: [RECORDINGS, RECORDING], dynamicImporters: [] },
  // Shared across areas, but by no landing list page.
  [at('src/components/danger-zone.tsx')]: { importers: [RECORDING, SIGN_IN], dynamicImporters: [] },
  // A larger library several areas use: left to rolldown.
  [at('node_modules/sonner/dist/index.mjs')]: { importers: [RECORDINGS, ORGS], dynamicImporters: [] },
}
const getModuleInfo = (id: string) => graph[id] ?? null

function groups() {
  const plugin = chunkGroups(root)
  const hook = plugin.outputOptions as (options: object) => {
    codeSplitting: {
      groups: { name: string | ((id: string, ctx: unknown) => string | null); tags?: string[]; priority?: number }[]
    }
  }
  return hook.call({}, {}).codeSplitting.groups
}

describe('chunkGroups', () => {
  it('puts everything the entry imports statically in one file', () => {
    expect(groups()[0]).toMatchObject({ name: 'index', tags: ['$initial'] })
  })

  it('groups into the kit what a landing list page shares with pages of another area, nothing else', () => {
    const kit = groups()[2]!.name as (id: string, ctx: { getModuleInfo: typeof getModuleInfo }) => string | null
    const name = (path: string) => kit(at(path), { getModuleInfo })
    expect(name('src/components/table.tsx')).toBe('kit')
    expect(name('node_modules/lucide-react/dist/esm/icons/copy.mjs')).toBe('kit')
    expect(name('src/api/session-recordings.ts')).toBeNull()
    expect(name('src/components/danger-zone.tsx')).toBeNull()
    expect(name('node_modules/sonner/dist/index.mjs')).toBeNull()
    expect(name('src/features/session-recordings/recordings-page.tsx')).toBeNull()
  })

  it('puts what the sign-in page shares with a landing list page in basics, before the kit', () => {
    const [, basics, kit] = groups()
    expect(basics!.priority).toBeGreaterThan(kit!.priority!)
    const name = basics!.name as (id: string, ctx: { getModuleInfo: typeof getModuleInfo }) => string | null
    expect(name(at('src/components/field.tsx'), { getModuleInfo })).toBe('basics')
    expect(name(at('src/components/table.tsx'), { getModuleInfo })).toBeNull()
    // Shared by the sign-in page and a recording, but by no landing list page.
    expect(name(at('src/components/danger-zone.tsx'), { getModuleInfo })).toBeNull()
  })

  it('finds files that import each other in a cycle, and none where there is none', () => {
    const files = (edges: Record<string, string[]>) => new Map(Object.entries(edges))
    expect(findCycle(files({ page: ['kit', 'index'], kit: ['basics', 'index'], basics: ['index'], index: [] }))).toBe(
      undefined,
    )
    expect(findCycle(files({ page: ['kit'], kit: ['basics'], basics: ['kit'] }))).toEqual(['kit', 'basics', 'kit'])
  })
})
