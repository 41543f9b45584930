// For the server and scripts. The console imports each contract's own file (the lint enforces it): zod
// schemas are not tree-shaken, so this barrel would put every contract into every chunk importing it.
export * from './common'
export * from './scopes'
export * from './organizations'
export * from './projects'
export * from './users'
export * from './s3'
export * from './batch-exports'
export * from './session-recordings'
export * from './ai'
export * from './slug'
export * from './session-recording-snapshots'
export * from './shared-recording'
