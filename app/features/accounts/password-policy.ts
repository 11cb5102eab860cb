/**
 * Password rules (shared by the forms and the server): at least 8 characters, up to 128, no
 * composition rules, and not one of the commonly used passwords below (NIST SP 800-63B §5.1.1.2).
 * The list holds only entries of 8+ characters, since shorter ones fail the length rule anyway.
 */
export const passwordRules = { minLength: 8, maxLength: 128 } as const

const commonPasswords = new Set(
  `password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word pa55w0rd
  12345678 123456789 1234567890 12345678910 0123456789 87654321 987654321 9876543210 11111111 111111111
  1111111111 00000000 000000000 0000000000 22222222 33333333 44444444 55555555 66666666 77777777 88888888
  99999999 12341234 11223344 12121212 13131313 12344321 11112222 123123123 123321123 147258369 159753159
  147852369 741852963 963852741 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qaz2wsx3edc zaq12wsx zaq1zaq1
  qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234 qwerty12345 qwertyuiop123 asdfghjk asdfghjkl asdf1234
  zxcvbnm1 zxcvbnm123 1234qwer qwer1234 abcd1234 abc12345 abcdefgh abcdefg1 a1b2c3d4 aa123456 iloveyou
  iloveyou1 iloveyou2 loveyou1 sunshine sunshine1 princess princess1 football football1 baseball baseball1
  basketball superman superman1 batman123 starwars starwars1 whatever whatever1 trustno1 letmein1 letmein123
  welcome1 welcome123 welcome2024 welcome2025 welcome2026 monkey123 dragon123 shadow123 master123
  michael1 jennifer jennifer1 jordan23 charlie1 charlie123 liverpool chelsea1 arsenal1 computer computer1
  internet samsung1 google123 facebook facebook1 linkedin microsoft windows1 freedom1 changeme changeme1
  changeme123 default1 administrator admin123 admin1234 adminadmin administrator1 rootroot root1234
  security security1 secret123 mypassword mypassword1 newpassword temp1234 temppass test1234 testtest
  testing1 testing123 guest123 hello123 hellohello helloworld hello1234 goodluck goodbye1 blahblah
  1password lovely123 babygirl babygirl1 mustang1 yankees1 yankees123 giants1 jets1234 knicks12 nyrangers
  mets1986 devils12 newyork1 newyork123 newjersey jersey123 summer2024 summer2025 summer2026 winter2024
  winter2025 winter2026 spring2025 spring2026 autumn2025 fall2025 january1 december1 1qazxsw2 zaq!2wsx
  q1w2e3r4 q1w2e3r4t5 passpass pass1234 pass12345 passw0rd1 p4ssw0rd p4ssword qazwsxedc qazwsx123
  asdasdasd asdfasdf qweqweqwe qweasdzxc 1234abcd abcd12345 12qwaszx zxcv1234 matrix123 pokemon1 minecraft
  fortnite1 roblox123 chocolate chocolate1 butterfly1 sweetheart flower123 cookie123 cheese123 pepper123
  anthony1 jessica1 ashley123 michelle1 nicole123 daniel123 andrew123 joshua123 thomas123 robert123
  matthew1 william1 christopher ramapoit ramapo123 ramapoit1 suffern1 suffern123 rockland1`
    .split(/\s+/)
    .filter((p) => p.length >= passwordRules.minLength),
)

/** True when the password (compared case-insensitively) is on the bundled list. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase())
}

/** The reason a password is refused, in words a person can act on; undefined when it is fine. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < passwordRules.minLength) {
    return `Use at least ${passwordRules.minLength} characters.`
  }
  if (password.length > passwordRules.maxLength) {
    return `Use at most ${passwordRules.maxLength} characters.`
  }
  if (isCommonPassword(password)) {
    return 'This password is too common and easy to guess. Choose another one.'
  }
  return undefined
}

export type PasswordStrength = { score: 0 | 1 | 2 | 3 | 4; label: string }

/**
 * Feedback while typing: length counts most (a long passphrase beats a short mix of symbols);
 * variety of character kinds adds a little; a common or repetitive password scores 0.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0) return { score: 0, label: 'Enter a password' }
  if (password.length < passwordRules.minLength) return { score: 0, label: 'Too short' }
  if (isCommonPassword(password) || /^(.)\1+$/.test(password)) return { score: 0, label: 'Too common' }
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((re) => re.test(password)).length
  let score = password.length >= 16 ? 3 : password.length >= 12 ? 2 : 1
  if (kinds >= 3) score += 1
  const capped = Math.min(score, 4) as 1 | 2 | 3 | 4
  const labels = { 1: 'Weak', 2: 'Fair', 3: 'Strong', 4: 'Very strong' } as const
  return { score: capped, label: labels[capped] }
}
