// What blank report dates mean for each report type (decision 041): weekly and custom the
// spec's last 7 days up to today, monthly this calendar month so far, billing the active cycle so far.
import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { json, registerAgent } from '../../../../tests/support/transmissions.ts';
import { blankDatesHint, dayRangeText, reportMessages } from '../../../shared/reports.ts';
import { addDays, farmToday } from '../../lib/farm-date.ts';
import { resolvePeriod } from './period.ts';

const app = await buildTestApp();
const today = farmToday(app.config.farmTimezone);
const farm = await registerAs(app, 'farm_store');
const agent = await registerAgent(app);
const supplier = await registerAs(app, 'supplier');

const summary = async (query: string) => {
  const res = await json(farm, 'GET', `/api/reports/summary${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { period: { startDate: string; endDate: string; days: number }; periodBasis: string };
  return { ...body.period, basis: body.periodBasis };
};

describe('resolvePeriod: blank dates by report type', () => {
  it('weekly and custom: the last 7 days up to today', () => {
    for (const reportType of ['weekly', 'custom'] as const) {
      expect(resolvePeriod({}, '2026-11-27', { reportType })).toEqual({
        startDate: '2026-11-21',
        endDate: '2026-11-27',
        days: 7,
        basis: 'lastDays',
      });
    }
  });

  it('monthly: the calendar month so far, the 1st alone on the 1st; an end date alone: its month up to it', () => {
    const monthly = { reportType: 'monthly' } as const;
    expect(resolvePeriod({}, '2026-11-27', monthly)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-27',
      days: 27,
      basis: 'monthToDate',
    });
    expect(resolvePeriod({}, '2026-03-01', monthly)).toMatchObject({ startDate: '2026-03-01', days: 1 });
    expect(resolvePeriod({ endDate: '2026-02-10' }, '2026-11-27', monthly)).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-10',
      days: 10,
      basis: 'dates',
    });
    // A start date alone runs to today, whatever the type (spec §5).
    expect(resolvePeriod({ startDate: '2026-11-20' }, '2026-11-27', monthly)).toMatchObject({
      startDate: '2026-11-20',
      endDate: '2026-11-27',
      basis: 'dates',
    });
  });

  it('billing: the active cycle so far, else the last 7 days', () => {
    expect(resolvePeriod({}, '2026-11-27', { reportType: 'billing', cycleStart: '2026-11-16' })).toEqual({
      startDate: '2026-11-16',
      endDate: '2026-11-27',
      days: 12,
      basis: 'billingCycle',
    });
    expect(resolvePeriod({}, '2026-11-27', { reportType: 'billing', cycleStart: null })).toMatchObject({
      startDate: '2026-11-21',
      basis: 'lastDays',
    });
  });
});

describe('GET /api/reports/summary?reportType=', () => {
  it('gives each type its period for blank dates (farm time)', async () => {
    const lastWeek = { startDate: addDays(today, -6), endDate: today, days: 7, basis: 'lastDays' };
    expect(await summary('')).toEqual(lastWeek);
    expect(await summary('?reportType=weekly')).toEqual(lastWeek);
    expect(await summary('?reportType=custom&startDate=&endDate=')).toEqual(lastWeek);
    const firstOfMonth = `${today.slice(0, 8)}01`;
    expect(await summary('?reportType=monthly')).toEqual({
      startDate: firstOfMonth,
      endDate: today,
      days: Number(today.slice(8)),
      basis: 'monthToDate',
    });
    // No active cycle yet: billing falls back to the last 7 days and says so.
    expect(await summary('?reportType=billing')).toEqual(lastWeek);
    const cycle = await json(farm, 'POST', '/api/billing/create-cycle', {
      startDate: addDays(today, -3),
      endDate: addDays(today, 10),
      ratePerCrate: '0.70',
    });
    expect(cycle.statusCode, cycle.body).toBe(201);
    expect(await summary('?reportType=billing')).toEqual({
      startDate: addDays(today, -3),
      endDate: today,
      days: 4,
      basis: 'billingCycle',
    });
    // Dates given are the period, whatever the type.
    expect(await summary(`?reportType=monthly&startDate=${addDays(today, -2)}&endDate=${today}`)).toEqual({
      startDate: addDays(today, -2),
      endDate: today,
      days: 3,
      basis: 'dates',
    });
  });

  it('refuses an unknown type (400), signed out (401), and other roles (403)', async () => {
    const bad = await json(farm, 'GET', '/api/reports/summary?reportType=yearly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(reportMessages.reportType);
    expect((await app.inject({ method: 'GET', url: '/api/reports/summary?reportType=monthly' })).statusCode).toBe(401);
    expect((await json(agent, 'GET', '/api/reports/summary?reportType=monthly')).statusCode).toBe(403);
    expect((await json(supplier, 'GET', '/api/reports/summary?reportType=monthly')).statusCode).toBe(403);
  });
});

describe("the form's line under the dates (blankDatesHint)", () => {
  it('says what blank means for the type, with the days the server answered', () => {
    expect(blankDatesHint('weekly')).toBe('Blank: the last 7 days up to today');
    expect(blankDatesHint('custom')).toBe('Blank: the last 7 days up to today');
    expect(blankDatesHint('monthly')).toBe('Blank: this month so far');
    expect(blankDatesHint('billing')).toBe('Blank: the active billing cycle so far');
    const answer = (periodBasis: 'lastDays' | 'monthToDate' | 'billingCycle' | 'dates', startDate: string) => ({
      periodBasis,
      period: { startDate, endDate: '2026-11-27' },
    });
    expect(blankDatesHint('monthly', answer('monthToDate', '2026-11-01'))).toBe(
      'Blank: this month so far, 1–27 November',
    );
    expect(blankDatesHint('weekly', answer('lastDays', '2026-11-21'))).toBe(
      'Blank: the last 7 days up to today, 21–27 November',
    );
    expect(blankDatesHint('billing', answer('billingCycle', '2026-10-28'))).toBe(
      'Blank: the active billing cycle so far, 28 October – 27 November',
    );
    expect(blankDatesHint('billing', answer('lastDays', '2026-11-21'))).toBe(
      'Blank: the active billing cycle so far; none is active, so the last 7 days up to today, 21–27 November',
    );
    expect(blankDatesHint('monthly', answer('dates', '2026-11-21'))).toBe('Blank: this month so far');
    expect(dayRangeText('2026-12-29', '2027-01-04')).toBe('29 December 2026 – 4 January 2027');
    expect(dayRangeText('2026-11-01', '2026-11-01')).toBe('1 November');
  });
});
