import { createBrowserRouter } from 'react-router-dom'
import { QueryBoundary } from '../components/query-boundary'
import { HomeRedirect } from './home-redirect'
import { NotFoundPage } from './not-found-page'
import { RequireAuth } from './require-auth'
import { RouteErrorPage } from './route-error-page'
import { areaRoutes } from './routes'
import { Shell } from './shell'
import { ShellError } from './shell-error'
import { ShellSkeleton } from './shell-skeleton'

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/sign-in',
      lazy: () => import('./sign-in-page').then((m) => ({ Component: m.SignInPage })),
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <div className="sign-in" />,
    },
    {
      path: '/',
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
      children: [{ index: true, element: <HomeRedirect /> }, ...areaRoutes, { path: '*', element: <NotFoundPage /> }],
    },
  ])
}
