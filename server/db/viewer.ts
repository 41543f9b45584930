/** Who is asking: the key's user, limited to the key's scoped organizations when it has any. */
export interface Viewer {
  userId: number
  scopedOrganizations: string[] | null
}

/**
 * `FROM <table> <alias>` joined to the viewer's memberships through `<alias>.<orgColumn>`, keeping
 * only organizations the key may see. Bind with `viewerParams`.
 */
export const visibleTo = (table: string, alias: string, orgColumn: string) =>
  `FROM ${table} ${alias} JOIN memberships m ON m.organization_id = ${alias}.${orgColumn} AND m.user_id = @user
   WHERE (@scoped IS NULL OR ${alias}.${orgColumn} IN (SELECT value FROM json_each(@scoped)))`

/** The named values `visibleTo` binds. */
export interface ViewerParams {
  user: number
  scoped: string | null
}

export const viewerParams = (viewer: Viewer): ViewerParams => ({
  user: viewer.userId,
  scoped: viewer.scopedOrganizations ? JSON.stringify(viewer.scopedOrganizations) : null,
})
