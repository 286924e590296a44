// The words the farm publishes on its public site, kept apart from the layout that shows them.
import type { Variety } from '../../../../shared/pricing-format.ts';

export const whatWeGrow: { variety: Variety; colour: string; text: string }[] = [
  {
    variety: 'Sweet Bell Peppers',
    colour: 'red',
    text: 'Blocky red, yellow and green bells grown under shade net, hand-picked at full colour and graded by size.',
  },
  {
    variety: 'Hot Chili Peppers',
    colour: 'orange',
    text: 'Cayenne, jalapeño and bird’s eye chillies for market traders, restaurants and sauce makers.',
  },
  {
    variety: 'Sweet Mini Peppers',
    colour: 'yellow',
    text: 'Snack-size sweet peppers in mixed colours, packed for retail punnets and lunch boxes.',
  },
  {
    variety: 'Eggfruit',
    colour: 'grape',
    text: 'Glossy purple eggfruit (brinjal) from our tunnels, picked young and firm for a longer shelf life.',
  },
];

export const howCratesMove = [
  {
    title: 'Picked, graded and crated',
    text: 'Every harvest is graded in our packhouse and packed into numbered farm crates the same day.',
  },
  {
    title: 'Counted out to the markets',
    text: 'Trucks leave for the Johannesburg and Pretoria markets before dawn. Each market agent counts and confirms the crates on arrival.',
  },
  {
    title: 'Empties back, billed fairly',
    text: 'Agents lend crates to their buyers and return the empties to the farm. Returns are counted and billed per crate, every cycle.',
  },
];

export const cratesIntro =
  'Our peppers travel in the farm’s own crates. Every crate is counted when it leaves, when it arrives and when it comes back, so agents, buyers and the farm always agree on the numbers.';

export const marketsIntro =
  'We deliver full crates to market agents and collect the empties, on a fixed schedule. Agents see every delivery, loan and return in Cratekeeper, and are paid for the empties they send back.';

export const markets = [
  {
    name: 'Johannesburg Market',
    text: 'Daily deliveries to our agents’ floors at City Deep, the country’s busiest fresh produce market.',
  },
  {
    name: 'Pretoria Market',
    text: 'Deliveries to the Tshwane Market agents on trading days, with extra loads in the peak season.',
  },
  {
    name: 'Other destinations',
    text: 'Wholesalers, processors and retailers can collect from the farm or book a dedicated load.',
  },
];

export const supplyServices = [
  {
    title: 'Crate logistics',
    text: 'Our own crate pool and transport: full crates out, empties back, and a ledger that shows where every crate is.',
  },
  {
    title: 'Scheduled supply',
    text: 'Weekly standing orders for agents and wholesalers, planned around the harvest calendar of each variety.',
  },
  {
    title: 'Cold chain',
    text: 'Pre-cooled produce and refrigerated loads in summer, so peppers reach the market floor firm and fresh.',
  },
  {
    title: 'Grading and packing',
    text: 'Class 1 grading to market standards, with custom packs for retail programmes on request.',
  },
];

export const consultationIntro =
  'The systems that keep our own peppers growing and cool were designed on the farm. Our engineering team now helps other growers plan, build and run theirs — from a single tunnel to a full packhouse.';

export const consultationServices = [
  {
    title: 'Irrigation design',
    text: 'Drip and micro-irrigation layouts, fertigation systems, pump sizing and scheduling based on soil moisture and crop stage.',
  },
  {
    title: 'Greenhouses and tunnels',
    text: 'Shade-net and plastic tunnel structures, ventilation, and climate control sized for South African summers and winters.',
  },
  {
    title: 'Cold chain and packhouses',
    text: 'Pre-cooling, cold rooms, packhouse flow and loading bays, planned so produce moves from field to truck without warming up.',
  },
  {
    title: 'Water and energy',
    text: 'Borehole and dam assessments, solar pumping, load-shedding back-up and water-use audits that cut running costs.',
  },
];

export const consultationSteps = [
  'A site visit and a conversation about your crops, water and budget.',
  'A written proposal with drawings, a bill of materials and a cost estimate.',
  'Support during installation, commissioning and the first growing season.',
];
