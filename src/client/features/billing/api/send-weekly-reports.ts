// POST /api/notifications/weekly-reports with an empty body (spec §7): e-mails every market agent its
// weekly report. The route belongs to the reports feature on the server.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { WEEKLY_REPORTS_PATH } from './paths.ts';

export const sendWeeklyReports = () => api.post<unknown>(WEEKLY_REPORTS_PATH, {});

export const useSendWeeklyReports = () => useMutation({ mutationFn: sendWeeklyReports });
