import { describe, expect, it } from 'vitest'
import { pagesReaching, type ModuleGraph } from './pages-reaching'

// A library laid out as lucide-react and react-query are: an index module that only re-exports, icons,
// a hook that uses an icon itself, and a module passed on whole with `export *`.
const LIB = '/app/node_modules/lib/dist'
const modules: Record<string, { code: string; importers: string[]; dynamic?: boolean }> = {
  [`${LIB}/index.mjs`]: {
    code: `/** @license */
"use strict";
export { default as Info, default as InfoIcon } from './icons/info.mjs';
export { default as Eye } from './icons/eye.mjs';
import { useFlag } from "./use-flag.mjs";
export * from './more.mjs';
export { useFlag };
//# sourceMappingURL=index.mjs.map`,
    importers: ['/app/src/a.tsx', '/app/src/b.tsx', '/app/src/c.tsx'],
  },
  [`${LIB}/icons/info.mjs`]: { code: 'export default 1', importers: [`${LIB}/index.mjs`, `${LIB}/use-flag.mjs`] },
  [`${LIB}/icons/eye.mjs`]: { code: 'export default 2', importers: [`${LIB}/index.mjs`] },
  [`${LIB}/use-flag.mjs`]: {
    code: `import Info from './icons/info.mjs';\nexport function useFlag() { return Info }`,
    importers: [`${LIB}/index.mjs`],
  },
  [`${LIB}/more.mjs`]: { code: 'export const more = 1', importers: [`${LIB}/index.mjs`] },
  // Three pages (loaded lazily) that import different names from the library by its package name.
  '/app/src/a.tsx': { code: `import { Info } from "lib";`, importers: [], dynamic: true },
  '/app/src/b.tsx': {
    code: `import { Eye, InfoIcon as I } from "lib";\nimport x from "./x";`,
    importers: [],
    dynamic: true,
  },
  '/app/src/c.tsx': { code: `import { useFlag } from "lib";`, importers: [], dynamic: true },
}
const graph: ModuleGraph = {
  getModuleInfo: (id) => {
    const m = modules[id]
    return m
      ? { code: m.code, importers: m.importers, dynamicImporters: m.dynamic ? ['/app/src/routes.tsx'] : [] }
      : null
  },
}
const reached = (id: string) => [...pagesReaching(graph, (page) => page.replace('/app/', ''))(id)].sort()

describe('pagesReaching', () => {
  it("follows a library's index module name by name: an icon is reached by the pages that import its name", () => {
    expect(reached(`${LIB}/icons/eye.mjs`)).toEqual(['src/b.tsx'])
    // Under either of its names, and through the library's own hook that uses it.
    expect(reached(`${LIB}/icons/info.mjs`)).toEqual(['src/a.tsx', 'src/b.tsx', 'src/c.tsx'])
    expect(reached(`${LIB}/use-flag.mjs`)).toEqual(['src/c.tsx'])
  })

  it('counts a module passed on whole (`export *`) as reached by every importer of the index', () => {
    expect(reached(`${LIB}/more.mjs`)).toEqual(['src/a.tsx', 'src/b.tsx', 'src/c.tsx'])
  })

  it('a page reaches itself', () => {
    expect(reached('/app/src/a.tsx')).toEqual(['src/a.tsx'])
  })
})
