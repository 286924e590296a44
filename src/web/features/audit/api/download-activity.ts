// GET /api/audit.csv: the filtered audit trail as a CSV file (decision 027).
import { useMutation } from '@tanstack/react-query';
import { auditFilterSearch } from '../../../../shared/audit.ts';
import { downloadFile } from '../../../lib/api-client.ts';
import type { ActivityFilter } from './get-activity.ts';

export const AUDIT_CSV_PATH = '/api/audit.csv';

export const downloadActivity = (filter: ActivityFilter) => {
  const search = auditFilterSearch(filter);
  return downloadFile('GET', search ? `${AUDIT_CSV_PATH}?${search}` : AUDIT_CSV_PATH, 'cratekeeper-activity.csv');
};

export const useDownloadActivity = () => useMutation({ mutationFn: downloadActivity });
