// What other features may use of organisations: the kinds and roles, and the forms' schemas.
export * from './roles'
export * from './schema'
export * from './second-factor'
