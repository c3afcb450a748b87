/** Guardians and consent (supplement §14): consent requests, guardian links, the consent ledger. */
export * from '../repositories/guardians.repository';
export * from '../repositories/guardian-contact.repository';
