// DEMO=1: the demo agent's clients, with loans written as they happened (one overdue, one closed,
// one partly returned), through the same service as the screens.
import type { Db } from '../../db/client.ts';
import { findCaller } from '../../lib/sessions.ts';
import { createClient, lendCrates, returnCrates, type Settings } from './service.ts';

const DAY = 86_400_000;

export async function seedDemoClients(db: Db, agentUserId: number, settings: Settings, now = new Date()) {
  const agent = (await findCaller(db, agentUserId))!;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const add = (businessName: string, clientName: string, contactNumber: string) =>
    createClient(db, agent, { businessName, clientName, contactNumber }, settings);

  const mama = await add('Mama Thandi Fresh', 'Thandi Mokoena', '082 555 0311');
  const soweto = await add('Soweto Greens', 'Bongani Zulu', '+27 73 555 0422');
  await add('Kasi Kitchen', 'Lerato Molefe', '061 555 0533');

  // Out for three weeks: overdue at the default 14 days.
  const old = await lendCrates(
    db,
    agent,
    { clientId: mama.id, quantityBorrowed: 6, notes: 'Saturday market' },
    settings,
    {
      at: ago(21),
    },
  );
  await returnCrates(db, agent, old.id, { quantityReturned: 2, notes: 'Two back' }, settings, { at: ago(12) });
  // Lent and fully returned.
  const closed = await lendCrates(db, agent, { clientId: soweto.id, quantityBorrowed: 4 }, settings, { at: ago(9) });
  await returnCrates(db, agent, closed.id, { quantityReturned: 4 }, settings, { at: ago(5) });
  // Lent this week.
  await lendCrates(db, agent, { clientId: soweto.id, quantityBorrowed: 3, notes: 'Morning run' }, settings, {
    at: ago(2),
  });
}
