// What other features and the pages may use of subscriptions.
export * from './periods.ts'
export * from './plans.ts'
