// /api/balance-statements (decision 064): the statements the caller may see, and their changes.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  BalanceStatement,
  DisputeStatementBody,
  ResolveStatementBody,
} from '../../../../shared/balance-statements.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';

export const STATEMENTS_PATH = '/api/balance-statements';

export const statementsQueryOptions = (month?: string) =>
  queryOptions({
    queryKey: [STATEMENTS_PATH, month ?? 'all'],
    queryFn: () => api.get<BalanceStatement[]>(month ? `${STATEMENTS_PATH}?month=${month}` : STATEMENTS_PATH),
    meta: tagged('crates'),
  });

export const useStatements = (month?: string, enabled = true) =>
  useQuery({ ...statementsQueryOptions(month), enabled });

/** Statements waiting for the agent's answer, and whether one waited past the reminder. */
export function useWaitingStatements(enabled: boolean) {
  const list = useStatements(undefined, enabled).data ?? [];
  const waiting = list.filter((s) => s.status === 'waiting');
  return { count: waiting.length, overdue: waiting.some((s) => s.overdue) };
}

function useStatementChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  return useMutation({ mutationFn: send });
}

export const useIssueStatements = () =>
  useStatementChange(({ month, marketAgentIds }: { month: string; marketAgentIds?: number[] }) =>
    api.post<BalanceStatement[]>(STATEMENTS_PATH, marketAgentIds?.length ? { month, marketAgentIds } : { month }),
  );

export const useConfirmStatement = () =>
  useStatementChange((id: number) => api.put<BalanceStatement>(`${STATEMENTS_PATH}/${id}/confirm`));

export const useDisputeStatement = () =>
  useStatementChange(({ id, body }: { id: number; body: DisputeStatementBody }) =>
    api.put<BalanceStatement>(`${STATEMENTS_PATH}/${id}/dispute`, body),
  );

export const useResolveStatement = () =>
  useStatementChange(({ id, body }: { id: number; body: ResolveStatementBody }) =>
    api.put<BalanceStatement>(`${STATEMENTS_PATH}/${id}/resolve`, body),
  );
