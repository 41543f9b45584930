import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter } from 'react-router-dom'
import { meQueries } from '../api/me'
import { scopePermission } from '../lib/permissions'
import { projectQueries } from '../api/projects'
import { getApiKey, sessionSettled } from '../api/session'
import { QueryBoundary } from '../components/query-boundary'
import { HomeRedirect } from './home-redirect'
import { NotFoundPage } from './not-found-page'
import { RequireAuth } from './require-auth'
import { RouteErrorPage } from './route-error-page'
import { areaRoutes } from './routes'
import { Shell } from './shell'
import { ShellError } from './shell-error'
import { ShellSkeleton } from './shell-skeleton'

export function createRouter(client: QueryClient) {
  return createBrowserRouter([
    {
      path: '/sign-in',
      lazy: () => import('./sign-in-page').then((m) => ({ Component: m.SignInPage })),
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <div className="sign-in" />,
    },
    {
      path: '/',
      // The shell waits for the signed-in user and key: asked for here, they load with the page's code
      // instead of after it (and the shell renders once, without a suspended pass). Its queries keep them fresh.
      loader: async () => {
        await sessionSettled()
        if (!getApiKey()) return null
        const key = client.ensureQueryData(meQueries.currentKey())
        // The switcher's projects too, once the key is known to allow them; the shell does not wait for them.
        void key.then(
          (k) => {
            if (scopePermission(k.scopes, 'project:read').allowed) void client.prefetchQuery(projectQueries.switcher())
          },
          () => undefined,
        )
        await Promise.all([client.prefetchQuery(meQueries.user()), key.catch(() => undefined)])
        return null
      },
      shouldRevalidate: () => false,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <ShellSkeleton />,
      element: (
        <RequireAuth>
          <QueryBoundary
            loading={<ShellSkeleton />}
            error={(error, retry) => <ShellError error={error} retry={retry} />}
          >
            <Shell />
          </QueryBoundary>
        </RequireAuth>
      ),
      children: [
        {
          // A page that fails to load (e.g. its code while offline) replaces the page only, inside the shell.
          errorElement: <RouteErrorPage inShell />,
          children: [
            { index: true, element: <HomeRedirect /> },
            ...areaRoutes(client),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ])
}
