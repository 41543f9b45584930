/**
 * Whether the API behind the console is a real PostHog (the server in proxy mode says so in
 * index.html, `<meta name="api-upstream" content="posthog">`) rather than the reference server.
 * Read when asked, not at load, so a test can set it; without a document (tests, scripts) it is not.
 */
export function upstreamIsPostHog(): boolean {
  if (typeof document === 'undefined') return false
  return document.querySelector('meta[name="api-upstream"]')?.getAttribute('content') === 'posthog'
}
