import { business } from '../../content/business'

/**
 * The consent a client gives before signing: to do business electronically and to be bound by a
 * typed name, as the ESIGN Act (15 U.S.C. § 7001(c)) and New York's ESRA / New Jersey's UETA ask.
 * Stored word for word with each signature, so the record shows what was agreed to.
 */
export const signatureConsent = `I agree to use an electronic signature and to receive this contract and related notices electronically. I intend my typed name to be my legally binding signature on this contract, with the same effect as a handwritten one. I have read the full text above and can download and keep a copy. I may ask ${business.name} for a paper copy or withdraw this consent before signing by writing to ${business.email}.`
