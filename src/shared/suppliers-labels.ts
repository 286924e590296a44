// Suppliers' certification labels, limits and the spec §5/§8 messages, without zod, so the
// dashboards can show them without building the request schemas (decision 033).
// src/shared/suppliers.ts re-exports all of it, with the schemas.

export const certificationTypes = ['class1', 'organic', 'gmp', 'globalGAP', 'other'] as const;
export const certificationLabels: Record<(typeof certificationTypes)[number], string> = {
  class1: 'Class 1',
  organic: 'Organic',
  gmp: 'GMP',
  globalGAP: 'GlobalG.A.P.',
  other: 'Other',
};

export const supplierMessages = {
  fillRequired: 'Please fill in all required fields',
  passwordsMismatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  farmDetailsRequired: 'Please fill in all required farm and business details',
  createFailed: 'Failed to create supplier account',
  registered: 'Supplier account created. You can sign in now; your dashboard opens once the farm approves you.',
  updateStatusFailed: 'Failed to update supplier status',
  crateRequestFailed: 'Failed to send crate request',
  pendingApproval: 'Your supplier account is waiting for the farm store to approve it',
  notApproved: 'Your supplier account was not approved',
  supplierNotFound: 'Supplier not found',
  alreadyApproved: 'This supplier is already approved',
  alreadyRejected: 'This supplier is already rejected',
  offerNotFound: 'Offer not found',
  notYourOffer: 'This offer belongs to another supplier',
  tenderNotFound: 'Tender not found',
  notYourTender: 'This tender was sent to another supplier',
  tenderAnswered: 'This tender has already been answered',
  offerInactive: 'Tenders can only be opened on an active offer',
  offerHasOpenTender: 'This offer already has an open tender',
  supplierNotApprovedForTender: 'Tenders can only be opened with an approved supplier',
  produceNameRequired: 'Produce name is required',
  produceTypeRequired: 'Produce type is required',
  qualityRequired: 'Quality is required',
  quantityCrates: 'Enter a whole number of crates from 1 to 100 000',
  amount: 'Enter an amount in rand above zero with at most two decimals, e.g. 1250.00',
  offerRequired: 'Please choose an offer',
  nothingToUpdate: 'Nothing to update',
} as const;

export const MAX_OFFER_CRATES = 100_000;
