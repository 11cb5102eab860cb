// What other features may use of billing (tests/architecture/imports.test.ts): money, read and written one way.
export { centsToDecimal, formatMoney, moneyLimits, parseMoney } from './money'
