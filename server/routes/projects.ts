import { z } from 'zod'
import { pageQuery, paginated } from '../../src/contracts/common'
import { project } from '../../src/contracts/projects'
import { ownProject, refuseProjectScopedKey, viewerOf } from '../auth/access'
import { countProjects, listProjects } from '../db/teams'
import { route } from '../http/route'
import { envelope, pageOf } from '../pagination'
import { projectId } from './params'

const tag = 'projects'

export const projectRoutes = [
  route({
    method: 'GET',
    path: '/api/projects/',
    scope: 'project:read',
    summary: 'List the projects of the organizations the key can see',
    tag,
    query: pageQuery,
    response: paginated(project),
    handle: ({ db, auth, query, url, origin }) => {
      refuseProjectScopedKey(auth)
      const { limit, offset } = pageOf(query)
      const viewer = viewerOf(auth)
      return {
        status: 200,
        body: envelope(url, origin, query, countProjects(db, viewer), listProjects(db, viewer, limit, offset)),
      }
    },
  }),
  route({
    method: 'GET',
    path: '/api/projects/:id/',
    scope: 'project:read',
    summary: 'Retrieve a project',
    tag,
    params: z.object({ id: projectId }),
    response: project,
    handle: ({ db, auth, params }) => ({ status: 200, body: ownProject(db, auth, params.id) }),
  }),
]
