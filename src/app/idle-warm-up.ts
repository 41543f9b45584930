/**
 * What the console loads once its first page has shown and the browser is idle, so that what a user
 * does next does not wait for it:
 *
 * - The browser's locale data, which loads with a page's first Intl object (about 100 ms on a slow CPU).
 *   The first page formats no time (src/lib/format.ts); the first dialog or hover that shows one would.
 * - The form library every form page shares (react-hook-form, 13 KB gzip): sign-in, the organization
 *   settings and the export editor. A form opened from any page then loads only its own code (about 29 KB
 *   for the export editor instead of 42). It stays out of the entry, whose code is compiled as it loads:
 *   a cold load would pay for compiling a library its first page does not run.
 *
 * bench/bundle.ts counts what is imported here as part of the first route's JS.
 */
export function warmUpWhenIdle() {
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1_000))
  whenIdle(() => {
    new Intl.DateTimeFormat().format(0)
    // Loaded, not used: so the bundler keeps only what the form pages import (a `.catch` would hand the
    // whole module on, and keep all of it: 16 KB instead of 13). A failure is left to the form page,
    // which imports it again and shows its own.
    import('react-hook-form').then(
      () => {},
      () => {},
    )
  })
}
