// What the crate charts' cards and the cards holding their place share (decision 031): the charts
// load only when they scroll near, and until then cards with the same titles and height stand in.
export const crateChartTitles = {
  places: 'Where the Crates Are',
  weekly: 'Crates Sent vs Returned (12 weeks)',
} as const;

/** Each chart card's least height in px: the taller chart card's height, so a card never grows. */
export const CHART_CARD_MIN_HEIGHT = 380;
