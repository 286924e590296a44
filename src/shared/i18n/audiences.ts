// Who reads each namespace (decision 065). The market agent's namespaces must be complete in every
// language (a unit test checks); the farm store's and the supplier's fall back to English key by key
// until their translations come.
export const FARM_AND_SUPPLIER_NAMESPACES = [
  'agents',
  'audit',
  'farm-name',
  'insights',
  'integrations',
  'pricing',
  'suppliers',
  'users',
] as const;
