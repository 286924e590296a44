// DEMO=1: the demo supplier approved, with produce on offer, the farm's tenders on it (one open, one
// accepted, one rejected) and crates issued on a fulfilled request, through the same services as the
// screens, so every tab of the supplier dashboard and the farm's tender card has something to show.
import type { Db } from '../../db/client.ts';
import { findCaller } from '../../lib/sessions.ts';
import { acknowledgeTransmission, createTransmission } from '../transmissions/service.ts';
import { answerTender, createOffer, openTender, setSupplierStatus } from './service.ts';

const DAY = 86_400_000;

export async function seedDemoSupplier(
  db: Db,
  { farmUserId, supplierUserId, now = new Date() }: { farmUserId: number; supplierUserId: number; now?: Date },
) {
  const farm = (await findCaller(db, farmUserId))!;
  const supplier = (await findCaller(db, supplierUserId))!;
  if (supplier.supplierId === null) throw new Error('The demo supplier has no supplier record');
  const { id: supplierId } = await setSupplierStatus(db, supplier.supplierId, 'approved', farm);

  // Crates the farm issued on the supplier's request a week and a half ago (decision 021: owned).
  const request = await createTransmission(
    db,
    supplier,
    { type: 'supplier_to_farm', quantity: 120, notes: 'For the December bell pepper harvest' },
    { at: new Date(now.getTime() - 11 * DAY) },
  );
  await acknowledgeTransmission(db, farm, request.id, 120, { at: new Date(now.getTime() - 10 * DAY) });

  const offer = (
    produceName: string,
    produceType: string,
    quality: string,
    quantityCrates: number,
    description: string,
  ) =>
    createOffer(db, supplier, { produceName, produceType, quality, quantityCrates, unitWeight: '10 kg', description });
  const red = await offer('Red bell peppers', 'Sweet Bell Peppers', 'Class 1', 40, 'Picked Monday, packed in the shed');
  const yellow = await offer('Yellow bell peppers', 'Sweet Bell Peppers', 'Class 1', 20, 'Firm, even colour');
  const chilli = await offer('Bird’s eye chillies', 'Hot Chili Peppers', 'Class 1', 15, 'Dried on the farm');
  const minis = await offer(
    'Mixed mini peppers',
    'Sweet Mini Peppers',
    'Class 2',
    12,
    'Slight marks, good for processing',
  );

  // Sold: the supplier accepted the farm's quote (the offer goes inactive).
  const sold = await openTender(db, farm, {
    offerId: yellow.id,
    farmQuote: '2100.00',
    marketQuote: '2300.00',
    notes: 'Collect Friday from the pack house',
  });
  await answerTender(db, supplier, sold.id, 'accepted');
  // Turned down: the quote was too low; the offer stays on the market.
  const low = await openTender(db, farm, { offerId: minis.id, farmQuote: '540.00', notes: 'Class 2 price' });
  await answerTender(db, supplier, low.id, 'rejected');
  // Waiting for the supplier's answer.
  await openTender(db, farm, {
    offerId: red.id,
    farmQuote: '4600.00',
    marketQuote: '5000.00',
    notes: 'For the Johannesburg Market run on Tuesday',
  });
  return { supplierId, offers: [red, yellow, chilli, minis].map((o) => o.id) };
}
