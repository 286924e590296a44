// The clients and Market Agents screens with the stock take beside them (decision 051): the agent's
// count above its clients while the farm store waits for it; the farm store's stock takes under its agents.
// Each difference carries its photos (decision 053): the agent adds them, both sides see them; a return
// with damaged crates offers a photo of them next.
import { Stack } from '@mantine/core';
import { userHasPermission } from '../../../shared/permissions.ts';
import { MarketAgentsPage } from '../../features/agents/pages/market-agents-page.tsx';
import { DamagePhotoStep } from '../../features/clients/components/damage-photo-step.tsx';
import { ClientsPage } from '../../features/clients/pages/clients-page.tsx';
import { EvidencePhotos } from '../../features/evidence/components/evidence-photos.tsx';
import { AgentStockTake } from '../../features/stock-takes/components/agent-stock-take.tsx';
import { FarmStockTakes } from '../../features/stock-takes/components/farm-stock-takes.tsx';
import { useUser } from '../../lib/current-user.tsx';

/** After a return with damaged crates: the loan's photos and "Add a photo". */
const damagePhotos = (loanId: number, who: string) => (
  <EvidencePhotos recordKind="client-transaction" recordId={loanId} subject={`${who}’s damaged crates`} />
);

export function ClientsWithStockTake() {
  const user = useUser();
  return (
    <Stack gap="lg">
      {userHasPermission(user, 'read:stock-take:own') && (
        <AgentStockTake
          differenceExtra={(line) => (
            <EvidencePhotos recordKind="stock-take-line" recordId={line.id} subject={line.label} />
          )}
        />
      )}
      <DamagePhotoStep.Provider value={damagePhotos}>
        <ClientsPage />
      </DamagePhotoStep.Provider>
    </Stack>
  );
}

export function MarketAgentsWithStockTakes() {
  const user = useUser();
  return (
    <Stack gap="lg">
      <MarketAgentsPage />
      {userHasPermission(user, 'read:stock-take:any') && (
        <FarmStockTakes
          differenceExtra={(line) => (
            <EvidencePhotos recordKind="stock-take-line" recordId={line.id} subject={line.label} canAttach={false} />
          )}
        />
      )}
    </Stack>
  );
}
