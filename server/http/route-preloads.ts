/**
 * The built console's route-preloads.json (route pattern → files its page needs beyond the entry, written
 * by scripts/route-preloads.ts) turned into the `<link>` tags index.html gets for a given path.
 */
export function routePreloadTags(json: string): (pathname: string) => string {
  const table = JSON.parse(json) as Record<string, string[]>
  // The most specific pattern wins, as in the router: `orgs/new` before `orgs/:orgId`.
  const routes = Object.entries(table)
    .map(([pattern, files]) => ({ segments: pattern.split('/'), tags: files.map(tag).join('') }))
    .sort((a, b) => literals(b.segments) - literals(a.segments))
  return (pathname) => {
    const parts = pathname.replace(/^\/+|\/+$/g, '').split('/')
    const route = routes.find(
      (r) => r.segments.length === parts.length && r.segments.every((s, i) => s.startsWith(':') || s === parts[i]),
    )
    return route?.tags ?? ''
  }
}

const literals = (segments: string[]) => segments.filter((s) => !s.startsWith(':')).length

/** Only the build's own asset paths are ever written into the page. */
function tag(file: string) {
  if (!/^\/assets\/[\w.-]+\.(js|css)$/.test(file)) throw new Error(`route-preloads.json: unexpected file ${file}`)
  return file.endsWith('.css')
    ? `<link rel="stylesheet" crossorigin href="${file}">`
    : `<link rel="modulepreload" crossorigin href="${file}">`
}
