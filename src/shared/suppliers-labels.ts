// Suppliers' certification labels, limits and the spec §5/§8 messages, without zod, so the
// dashboards can show them without building the request schemas (decision 033).
// src/shared/suppliers.ts re-exports all of it, with the schemas. The English lives in the catalogue
// (src/shared/i18n/en/suppliers.json, decision 065).

import suppliersEnglish from './i18n/en/suppliers.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ suppliers: suppliersEnglish });

export const certificationTypes = ['class1', 'organic', 'gmp', 'globalGAP', 'other'] as const;
/** Each certification's catalogue key: screens say `t(certificationKeys[type])`. */
export const certificationKeys: Record<(typeof certificationTypes)[number], string> = {
  class1: 'suppliers.certificationClass1',
  organic: 'suppliers.certificationOrganic',
  gmp: 'suppliers.certificationGmp',
  globalGAP: 'suppliers.certificationGlobalGAP',
  other: 'suppliers.certificationOther',
};

/** The spec's supplier messages in English, from src/shared/i18n/en/suppliers.json. */
export const supplierMessages = {
  fillRequired: english('suppliers.fillRequired'),
  passwordsMismatch: english('suppliers.passwordsMismatch'),
  passwordTooShort: english('suppliers.passwordTooShort'),
  farmDetailsRequired: english('suppliers.farmDetailsRequired'),
  createFailed: english('suppliers.createFailed'),
  registered: english('suppliers.registered'),
  updateStatusFailed: english('suppliers.updateStatusFailed'),
  crateRequestFailed: english('suppliers.crateRequestFailed'),
  pendingApproval: english('suppliers.pendingApproval'),
  notApproved: english('suppliers.notApproved'),
  supplierNotFound: english('suppliers.supplierNotFound'),
  alreadyApproved: english('suppliers.alreadyApproved'),
  alreadyRejected: english('suppliers.alreadyRejected'),
  offerNotFound: english('suppliers.offerNotFound'),
  notYourOffer: english('suppliers.notYourOffer'),
  tenderNotFound: english('suppliers.tenderNotFound'),
  notYourTender: english('suppliers.notYourTender'),
  tenderAnswered: english('suppliers.tenderAnswered'),
  offerInactive: english('suppliers.offerInactive'),
  offerHasOpenTender: english('suppliers.offerHasOpenTender'),
  supplierNotApprovedForTender: english('suppliers.supplierNotApprovedForTender'),
  produceNameRequired: english('suppliers.produceNameRequired'),
  produceTypeRequired: english('suppliers.produceTypeRequired'),
  qualityRequired: english('suppliers.qualityRequired'),
  quantityCrates: english('suppliers.quantityCrates'),
  amount: english('suppliers.amount'),
  offerRequired: english('suppliers.offerRequired'),
  nothingToUpdate: english('suppliers.nothingToUpdate'),
  accountNumberDigits: english('suppliers.accountNumberDigits'),
  emailInvalid: english('suppliers.emailInvalid'),
  suppliersOnly: english('suppliers.suppliersOnly'),
};

export const MAX_OFFER_CRATES = 100_000;
