// How the forecast card says how long the farm's stock lasts (decision 070): within four weeks the
// farm has to act (order crates, chase empties); beyond, the line only informs.

export const STOCK_RUNNING_LOW_DAYS = 28;

/** Does the stock run out soon enough at the forecast rate to say what to do about it? */
export const stockRunsLow = (stockLastsDays: number | null) =>
  stockLastsDays !== null && stockLastsDays <= STOCK_RUNNING_LOW_DAYS;
