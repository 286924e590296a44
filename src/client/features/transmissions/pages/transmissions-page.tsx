// /transmissions: crates sent, received and acknowledged (spec §2 Transmissions screen).
import { PageHeader } from '../../../components/page-header.tsx';
import { ComingSoon } from '../../dashboard/components/coming-soon.tsx';

export function TransmissionsPage() {
  return (
    <>
      <PageHeader title="Transmissions" description="Crates sent between the farm and the markets" />
      <ComingSoon what="Transmissions" />
    </>
  );
}
