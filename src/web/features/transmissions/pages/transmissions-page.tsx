// /transmissions: crates sent, received and acknowledged (spec §2 Transmissions screen). The farm
// store sends and collects, a market agent returns empties; both acknowledge what is addressed to them.
import { Grid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { userHasPermission } from '../../../../shared/permissions.ts';
import { ExportDownload } from '../../../components/export-download.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUser } from '../../../lib/current-user.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { AgentReturnForm, FarmCreateTransmissionForm } from '../components/create-transmission-form.tsx';
import { FlaggedTransmissions } from '../components/flagged-transmissions.tsx';
import { IncomingTransmissions } from '../components/incoming-transmissions.tsx';
import { TransmissionHistory } from '../components/transmission-history.tsx';

export function TransmissionsPage() {
  const t = useT();
  const user = useUser();
  const sendsFromFarm = userHasPermission(user, 'create:transmission:any');
  const returnsEmpties = userHasPermission(user, 'create:transmission:return');
  const phone = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });
  const incomingFirst = sendsFromFarm && phone;
  return (
    <>
      <PageHeader title={t('transmissions.pageTitle')} description={t('transmissions.pageDescription')} />
      {/* On a wide screen the form comes first and nothing above it changes size: the incoming and
          flagged cards render nothing until there is something, and appeared above the form (moving
          it, and the agent picker's open list with it). They sit at the top of the other column
          instead. On the farm store's phone, where that column is below the whole form, the deliveries
          waiting for it come first (decision 067): the card can push the form down once when it
          arrives, the price of not hiding what waits under the form. */}
      <Stack gap="lg">
        {incomingFirst && <IncomingTransmissions role={user.role} />}
        <Grid gap="lg">
          {(sendsFromFarm || returnsEmpties) && (
            <Grid.Col span={{ base: 12, md: 5 }}>
              {sendsFromFarm ? <FarmCreateTransmissionForm /> : <AgentReturnForm />}
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: sendsFromFarm || returnsEmpties ? 7 : 12 }}>
            <Stack gap="lg">
              {!incomingFirst && <IncomingTransmissions role={user.role} />}
              {userHasPermission(user, 'resolve:transmission:any') && <FlaggedTransmissions />}
              <TransmissionHistory user={user} />
              {userHasPermission(user, 'read:export:own') && <ExportDownload kinds={['transmissions']} />}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
