/**
 * The words of an organisation's second-factor rule on its people's two-factor page: what the rule
 * is, and why turning the second factor off is refused (the page's form and Better Auth's own
 * endpoint refuse it alike).
 */

export const organisationAsksSecondFactor = (organisation: string) =>
  `${organisation} asks everyone to use a second factor`

export const secondFactorStaysOn = (organisation: string) =>
  `${organisationAsksSecondFactor(organisation)}, so yours stays on. An owner of ${organisation} can change that on the people page.`
