// The Transmissions screen with the photos of each flagged count and of damaged returned empties
// (decision 053): the agent whose transmission it is and the farm store both see them and may add one;
// the farm's count of returned empties with damaged crates offers their photo next (decision 056).

import type { Transmission } from '../../../shared/transmissions.ts';
import { type DamagedRecord, DamagePhotoStep } from '../../components/damage-photo-step.tsx';
import { EvidencePhotos } from '../../features/evidence/components/evidence-photos.tsx';
import { FlaggedTransmissionExtra } from '../../features/transmissions/components/transmission-extras.tsx';
import { TransmissionsPage } from '../../features/transmissions/pages/transmissions-page.tsx';
import { t as tr } from '../../lib/i18n/language.ts';

const countPhotos = (t: Transmission) => (
  <EvidencePhotos
    recordKind="transmission"
    recordId={t.id}
    subject={tr(t.isFlagged ? 'evidence.countSubject' : 'evidence.damagedCratesSubject', {
      from: t.fromName,
      to: t.toName,
    })}
  />
);

/** After the farm counts returned empties with damaged crates: their photos and "Add a photo" (decision 056). */
const damagePhotos = (record: DamagedRecord, subject: string, after?: string) => (
  <EvidencePhotos recordKind={record.recordKind} recordId={record.recordId} subject={subject} after={after} />
);

export function TransmissionsWithEvidence() {
  return (
    <FlaggedTransmissionExtra.Provider value={countPhotos}>
      <DamagePhotoStep.Provider value={damagePhotos}>
        <TransmissionsPage />
      </DamagePhotoStep.Provider>
    </FlaggedTransmissionExtra.Provider>
  );
}
