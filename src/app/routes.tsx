import type { RouteObject } from 'react-router-dom'

/**
 * One entry per page of each area, each loaded lazily (its own chunk). To add an area: create
 * src/features/<area>/<area>-page.tsx exporting the page, and add its entry here.
 */
export const areaRoutes: RouteObject[] = [
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
    path: 'projects/:projectId/recordings',
    lazy: () => import('../features/session-recordings/recordings-page').then((m) => ({ Component: m.RecordingsPage })),
  },
  {
    path: 'projects/:projectId/recordings/:recordingId',
    lazy: () =>
      import('../features/session-recordings/recording-detail-page').then((m) => ({
        Component: m.RecordingDetailPage,
      })),
  },
]
