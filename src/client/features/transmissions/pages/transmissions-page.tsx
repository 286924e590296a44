// /transmissions: crates sent, received and acknowledged (spec §2 Transmissions screen). The farm
// store sends and collects, a market agent returns empties; both acknowledge what is addressed to them.
import { Grid, Stack } from '@mantine/core';
import { userHasPermission } from '../../../../shared/permissions.ts';
import { ExportDownload } from '../../../components/export-download.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUser } from '../../../lib/current-user.tsx';
import { AgentReturnForm, FarmCreateTransmissionForm } from '../components/create-transmission-form.tsx';
import { FlaggedTransmissions } from '../components/flagged-transmissions.tsx';
import { IncomingTransmissions } from '../components/incoming-transmissions.tsx';
import { TransmissionHistory } from '../components/transmission-history.tsx';

export function TransmissionsPage() {
  const user = useUser();
  const sendsFromFarm = userHasPermission(user, 'create:transmission:any');
  const returnsEmpties = userHasPermission(user, 'create:transmission:return');
  return (
    <>
      <PageHeader title="Transmissions" description="Crates sent between the farm and the markets" />
      {/* The form comes first and nothing above it changes size: the incoming and flagged cards render
          nothing until there is something, and appeared above the form (moving it, and the agent
          picker's open list with it). They sit at the top of the other column instead. */}
      <Grid gap="lg">
        {(sendsFromFarm || returnsEmpties) && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            {sendsFromFarm ? <FarmCreateTransmissionForm /> : <AgentReturnForm />}
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: sendsFromFarm || returnsEmpties ? 7 : 12 }}>
          <Stack gap="lg">
            <IncomingTransmissions role={user.role} />
            {userHasPermission(user, 'resolve:transmission:any') && <FlaggedTransmissions />}
            <TransmissionHistory user={user} />
            {userHasPermission(user, 'read:export:own') && <ExportDownload kinds={['transmissions']} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
