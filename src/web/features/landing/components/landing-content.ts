// The words the farm publishes on its public site, kept apart from the layout that shows them: each
// is a key in the catalogue (src/shared/i18n/<lang>/landing.json), shown with t() (decision 065).
import type { Variety } from '../../../../shared/pricing-format.ts';

export const whatWeGrow: { variety: Variety; colour: string; text: string }[] = [
  { variety: 'Sweet Bell Peppers', colour: 'red', text: 'landing.growBellPeppers' }, // i18n-ignore: variety names are the price list's keys
  { variety: 'Hot Chili Peppers', colour: 'orange', text: 'landing.growChili' }, // i18n-ignore: a variety's name
  { variety: 'Sweet Mini Peppers', colour: 'yellow', text: 'landing.growMini' }, // i18n-ignore: a variety's name
  { variety: 'Eggfruit', colour: 'grape', text: 'landing.growEggfruit' },
];

export const howCratesMove = [
  { title: 'landing.stepPickedTitle', text: 'landing.stepPickedText' },
  { title: 'landing.stepCountedTitle', text: 'landing.stepCountedText' },
  { title: 'landing.stepEmptiesTitle', text: 'landing.stepEmptiesText' },
];

export const cratesIntro = 'landing.cratesIntro';

export const marketsIntro = 'landing.marketsIntro';

export const markets = [
  { name: 'landing.marketJohannesburg', text: 'landing.marketJohannesburgText' },
  { name: 'landing.marketPretoria', text: 'landing.marketPretoriaText' },
  { name: 'landing.marketOther', text: 'landing.marketOtherText' },
];

export const supplyServices = [
  { title: 'landing.supplyCratesTitle', text: 'landing.supplyCratesText' },
  { title: 'landing.supplyScheduledTitle', text: 'landing.supplyScheduledText' },
  { title: 'landing.supplyColdTitle', text: 'landing.supplyColdText' },
  { title: 'landing.supplyGradingTitle', text: 'landing.supplyGradingText' },
];

export const consultationIntro = 'landing.consultationIntro';

export const consultationServices = [
  { title: 'landing.eciIrrigationTitle', text: 'landing.eciIrrigationText' },
  { title: 'landing.eciTunnelsTitle', text: 'landing.eciTunnelsText' },
  { title: 'landing.eciColdTitle', text: 'landing.eciColdText' },
  { title: 'landing.eciWaterTitle', text: 'landing.eciWaterText' },
];

export const consultationSteps = ['landing.eciStepVisit', 'landing.eciStepProposal', 'landing.eciStepSupport'];
