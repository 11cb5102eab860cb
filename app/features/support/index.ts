// What other features may use of support tickets: the catalogue (names, words, targets, limits).
export * from './catalogue'
