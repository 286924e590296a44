// GET /api/pepper-pricing/export?months=12|24: the printable HTML report, saved as a download.
import { useMutation } from '@tanstack/react-query';
import type { ExportRange } from '../../../../shared/pricing-format.ts';
import { downloadFile } from '../../../lib/api-client.ts';

export const PRICING_EXPORT_PATH = '/api/pepper-pricing/export';

export const exportPricingHistory = (months: ExportRange) =>
  downloadFile('GET', `${PRICING_EXPORT_PATH}?months=${months}`, `pepper-price-history-${months}-months.html`);

export const useExportPricingHistory = () => useMutation({ mutationFn: exportPricingHistory });
