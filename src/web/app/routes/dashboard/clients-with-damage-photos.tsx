// The market agent dashboard's clients with crates out, with the step that follows a return with
// damaged crates: the loan's photos and "Add a photo" (decision 056), as on the Clients screen. The
// evidence feature's photos load only when that step opens, off the dashboard's first paint.
import { type DamagedRecord, DamagePhotoStep } from '../../../components/damage-photo-step.tsx';
import { ClientsWithCratesOut } from '../../../features/clients/components/clients-with-crates-out.tsx';
import { lazyComponent } from '../../../lib/lazy-component.tsx';

const EvidencePhotos = lazyComponent(() =>
  import('../../../features/evidence/components/evidence-photos.tsx').then((mod) => mod.EvidencePhotos),
);

const damagePhotos = (record: DamagedRecord, subject: string, after?: string) => (
  <EvidencePhotos recordKind={record.recordKind} recordId={record.recordId} subject={subject} after={after} />
);

export function ClientsWithDamagePhotos() {
  return (
    <DamagePhotoStep.Provider value={damagePhotos}>
      <ClientsWithCratesOut />
    </DamagePhotoStep.Provider>
  );
}
