import type { ComponentType } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom'
import { getApiKey } from '../api/session'

/** A page module's loader: starts the page's queries (through its query-option factories), never waits for them. */
type PageLoader = (client: QueryClient, args: LoaderFunctionArgs) => void

/**
 * One entry per page of each area, each loaded lazily (its own chunk). To add an area: create
 * src/features/<area>/<area>-page.tsx exporting the page and, when it shows data, a `loader` that starts
 * its queries; add its entry here. Data then downloads with the page's code, not after it renders, and
 * in parallel with the shell's own requests (a route's ids are in its URL).
 */
export const areaRoutes = (client: QueryClient): RouteObject[] => {
  const page = (Component: ComponentType, loader?: PageLoader) => ({
    Component,
    loader: loader
      ? (args: LoaderFunctionArgs) => {
          // Signed out, the shell sends the user to sign-in: nothing to ask for.
          if (getApiKey()) loader(client, args)
          return null
        }
      : undefined,
  })
  return [
    {
      path: 'orgs',
      lazy: () =>
        import('../features/organizations/organizations-page').then((m) => page(m.OrganizationsPage, m.loader)),
    },
    {
      path: 'orgs/new',
      lazy: () =>
        import('../features/organizations/organization-create-page').then((m) => page(m.OrganizationCreatePage)),
    },
    {
      path: 'orgs/:orgId',
      lazy: () => import('../features/organizations/organization-page').then((m) => page(m.OrganizationPage, m.loader)),
    },
    {
      path: 'orgs/:orgId/batch-exports',
      lazy: () =>
        import('../features/batch-exports/batch-exports-page').then((m) => page(m.BatchExportsPage, m.loader)),
    },
    {
      path: 'orgs/:orgId/batch-exports/new',
      lazy: () =>
        import('../features/batch-exports/batch-export-create-page').then((m) =>
          page(m.BatchExportCreatePage, m.loader),
        ),
    },
    {
      path: 'orgs/:orgId/batch-exports/:exportId',
      lazy: () => import('../features/batch-exports/batch-export-page').then((m) => page(m.BatchExportPage, m.loader)),
    },
    {
      path: 'orgs/:orgId/batch-exports/:exportId/edit',
      lazy: () =>
        import('../features/batch-exports/batch-export-edit-page').then((m) => page(m.BatchExportEditPage, m.loader)),
    },
    {
      path: 'projects/:projectId',
      lazy: () => import('../features/projects/project-page').then((m) => page(m.ProjectPage, m.loader)),
    },
    {
      path: 'projects/:projectId/recordings',
      lazy: () =>
        import('../features/session-recordings/recordings-page').then((m) => page(m.RecordingsPage, m.loader)),
    },
    {
      path: 'projects/:projectId/recordings/:recordingId',
      lazy: () =>
        import('../features/session-recordings/recording-detail-page').then((m) =>
          page(m.RecordingDetailPage, m.loader),
        ),
    },
  ]
}
