// GET /api/billing/cycles/{cycleId}/payout.csv: the cycle's payout for the bank's bulk EFT upload.
import { useMutation } from '@tanstack/react-query';
import type { BillingCycle } from '../../../../shared/billing.ts';
import { payoutFileName } from '../../../../shared/billing-labels.ts';
import { downloadFile } from '../../../lib/api-client.ts';
import { payoutPath } from './paths.ts';

export const downloadPayout = (cycle: BillingCycle) => downloadFile('GET', payoutPath(cycle.id), payoutFileName(cycle));

export const useDownloadPayout = () => useMutation({ mutationFn: downloadPayout });
