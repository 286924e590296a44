// The Transmissions screen with the photos of each flagged count and of damaged returned empties
// (decision 053): the agent whose transmission it is and the farm store both see them and may add one.

import type { Transmission } from '../../../shared/transmissions.ts';
import { EvidencePhotos } from '../../features/evidence/components/evidence-photos.tsx';
import { FlaggedTransmissionExtra } from '../../features/transmissions/components/transmission-extras.tsx';
import { TransmissionsPage } from '../../features/transmissions/pages/transmissions-page.tsx';

const countPhotos = (t: Transmission) => (
  <EvidencePhotos
    recordKind="transmission"
    recordId={t.id}
    subject={`${t.isFlagged ? 'the count' : 'the damaged crates'} of ${t.fromName} → ${t.toName}`}
  />
);

export function TransmissionsWithEvidence() {
  return (
    <FlaggedTransmissionExtra.Provider value={countPhotos}>
      <TransmissionsPage />
    </FlaggedTransmissionExtra.Provider>
  );
}
