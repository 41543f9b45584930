// Modules on the first route (src/api/me, errors, permissions, pagination, projects) import the file they
// need instead of this barrel: zod schemas are not tree-shaken, so the barrel would put every contract
// in the entry chunk.
export * from './common'
export * from './scopes'
export * from './organizations'
export * from './projects'
export * from './users'
export * from './s3'
export * from './batch-exports'
export * from './batch-export-runs'
export * from './batch-export-schedule'
export * from './destinations'
export * from './time-zones'
export * from './session-recordings'
export * from './ai'
export * from './slug'
export * from './session-recording-snapshots'
export * from './shared-recording'
