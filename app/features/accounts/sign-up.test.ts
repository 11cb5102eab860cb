import { describe, expect, it } from 'vitest'
import { signUpFormSchema } from './schema'

const form = {
  name: 'Nora Newcomer',
  phone: '(845) 555-0123',
  email: 'nora@orchard.example',
  password: 'harbor-maple-lantern-58',
}

describe('the sign-up form: a company or a household', () => {
  it('asks a company for its name', () => {
    const parsed = signUpFormSchema.safeParse({ ...form, accountFor: 'business', companyName: '' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['companyName'],
      message: 'Name your company, or choose a household.',
    })
    expect(signUpFormSchema.parse({ ...form, accountFor: 'business', companyName: 'Orchard Dental' })).toMatchObject({
      companyName: 'Orchard Dental',
    })
  })

  it('drops a company name for a household, so its organisation is a household', () => {
    const parsed = signUpFormSchema.parse({ ...form, accountFor: 'household', companyName: 'Orchard Dental' })
    expect(parsed.companyName).toBeNull()
    expect(parsed).not.toHaveProperty('accountFor')
  })

  it('without the choice, keeps what was given: a company name makes a business, none a household', () => {
    expect(signUpFormSchema.parse({ ...form, companyName: 'Orchard Dental' }).companyName).toBe('Orchard Dental')
    expect(signUpFormSchema.parse({ ...form, companyName: '' }).companyName).toBeNull()
  })
})
