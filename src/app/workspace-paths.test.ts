import { describe, expect, it } from 'vitest'
import { pathForOrganization, pathForProject } from './workspace-paths'

describe('switching organization or project', () => {
  it('stays in the same organization area', () => {
    // The exports list is filtered to the sidebar's project: the new organization's first.
    expect(pathForOrganization('/orgs/a/batch-exports', 'b', 7)).toBe('/orgs/b/batch-exports?project=7')
    expect(pathForOrganization('/orgs/a/batch-exports/x/logs', 'b', 7)).toBe('/orgs/b/batch-exports?project=7')
    expect(pathForOrganization('/orgs/a/batch-exports', 'b', null)).toBe('/orgs/b/batch-exports')
    expect(pathForOrganization('/orgs/a', 'b', 7)).toBe('/orgs/b')
    expect(pathForOrganization('/orgs', 'b', 7)).toBe('/orgs/b')
  })

  it("moves a project page to the new organization's first project, or its settings when it has none", () => {
    expect(pathForOrganization('/projects/1/recordings', 'b', 7)).toBe('/projects/7/recordings')
    expect(pathForOrganization('/projects/1/recordings', 'b', null)).toBe('/orgs/b')
  })

  it('changes the project in the URL only on project pages', () => {
    expect(pathForProject('/projects/1/recordings/abc', 2)).toBe('/projects/2/recordings')
    expect(pathForProject('/orgs/a', 2)).toBeNull()
    // The exports list is filtered to the sidebar's project, so it follows the switch.
    expect(pathForProject('/orgs/a/batch-exports', 2)).toBe('/orgs/a/batch-exports?project=2')
    expect(pathForProject('/orgs/a/batch-exports/x', 2)).toBeNull()
  })
})
