// What the crate charts' cards and the cards holding their place share (decision 031): the charts
// load only when they scroll near, and until then cards with the same titles and height stand in.
/** The cards' titles: catalogue keys, said with t(). */
export const crateChartTitles = {
  places: 'dashboard.placesTitle',
  weekly: 'dashboard.weeklyTitle',
} as const;

/** Each chart card's least height in px: the taller chart card's height, so a card never grows. */
export const CHART_CARD_MIN_HEIGHT = 380;
