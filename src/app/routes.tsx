import type { QueryClient } from '@tanstack/react-query'
import type { RouteObject } from 'react-router-dom'

/**
 * One entry per page of each area, each loaded lazily (its own chunk). To add an area: create
 * src/features/<area>/<area>-page.tsx exporting the page, and add its entry here. A page's module
 * may also give a `loader` that starts its first request with `client` before the page renders.
 */
export const areaRoutes = (client: QueryClient): RouteObject[] => [
  {
    path: 'orgs',
    lazy: () =>
      import('../features/organizations/organizations-page').then((m) => ({ Component: m.OrganizationsPage })),
  },
  {
    path: 'orgs/new',
    lazy: () =>
      import('../features/organizations/organization-create-page').then((m) => ({
        Component: m.OrganizationCreatePage,
      })),
  },
  {
    path: 'orgs/:orgId',
    lazy: () => import('../features/organizations/organization-page').then((m) => ({ Component: m.OrganizationPage })),
  },
  {
    path: 'orgs/:orgId/batch-exports',
    lazy: () => import('../features/batch-exports/batch-exports-page').then((m) => ({ Component: m.BatchExportsPage })),
  },
  {
    path: 'orgs/:orgId/batch-exports/new',
    lazy: () =>
      import('../features/batch-exports/batch-export-create-page').then((m) => ({
        Component: m.BatchExportCreatePage,
      })),
  },
  {
    path: 'orgs/:orgId/batch-exports/:exportId',
    lazy: () => import('../features/batch-exports/batch-export-page').then((m) => ({ Component: m.BatchExportPage })),
  },
  {
    path: 'orgs/:orgId/batch-exports/:exportId/edit',
    lazy: () =>
      import('../features/batch-exports/batch-export-edit-page').then((m) => ({ Component: m.BatchExportEditPage })),
  },
  {
    path: 'projects/:projectId',
    lazy: () => import('../features/projects/project-page').then((m) => ({ Component: m.ProjectPage })),
  },
  {
    path: 'projects/:projectId/recordings',
    lazy: () =>
      import('../features/session-recordings/recordings-page').then((m) => ({
        Component: m.RecordingsPage,
        loader: ({ params, request }) => {
          m.prefetchRecordingList(client, Number(params.projectId), new URL(request.url))
          return null
        },
      })),
  },
  {
    path: 'projects/:projectId/recordings/:recordingId',
    lazy: () =>
      import('../features/session-recordings/recording-detail-page').then((m) => ({
        Component: m.RecordingDetailPage,
      })),
  },
]
