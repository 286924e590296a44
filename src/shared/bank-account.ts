// A bank account number as anyone but its owner sees it (spec §2: the supplier wizard's review masks it
// to its last four digits; decision 019 does the same for agents' bank details on the farm's screens).

/** '6200 1234 567' → '****4567'; null when there is no number. ASCII, so it reads the same in a CSV. */
export function maskAccountNumber(accountNumber: string | null | undefined): string | null {
  const digits = (accountNumber ?? '').replace(/\s+/g, '');
  if (!digits) return null;
  return `****${digits.slice(-4)}`;
}
