// /transmissions: crates sent, received and acknowledged (spec §2 Transmissions screen). The farm
// store sends and collects, a market agent returns empties; both acknowledge what is addressed to them.
import { Grid, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUser } from '../../../lib/current-user.tsx';
import { AgentReturnForm, FarmCreateTransmissionForm } from '../components/create-transmission-form.tsx';
import { FlaggedTransmissions } from '../components/flagged-transmissions.tsx';
import { IncomingTransmissions } from '../components/incoming-transmissions.tsx';
import { TransmissionHistory } from '../components/transmission-history.tsx';

export function TransmissionsPage() {
  const user = useUser();
  const isFarm = user.role === 'farm_store';
  return (
    <>
      <PageHeader title="Transmissions" description="Crates sent between the farm and the markets" />
      <Stack gap="lg">
        <IncomingTransmissions role={user.role} />
        {isFarm && <FlaggedTransmissions />}
        <Grid gap="lg">
          {(isFarm || user.role === 'market_agent') && (
            <Grid.Col span={{ base: 12, md: 5 }}>
              {isFarm ? <FarmCreateTransmissionForm /> : <AgentReturnForm />}
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: isFarm || user.role === 'market_agent' ? 7 : 12 }}>
            <TransmissionHistory user={user} />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
