import { describe, expect, it } from 'vitest';
import { daysUntil, dhakaToday, feeOn, paymentsOpen, registrationWindow, type Season } from './season.js';

const season: Season = {
  fee: 200,
  registrationOpens: '2026-12-01',
  registrationCloses: '2026-12-31',
  lateFeeFrom: '2026-12-20',
  lateFee: 50,
  paymentDeadline: '2027-01-10',
};

describe('the season calendar', () => {
  it('opens and closes registration on the named days, both included', () => {
    expect(registrationWindow(season, '2026-11-30')).toBe('not_open');
    expect(registrationWindow(season, '2026-12-01')).toBe('open');
    expect(registrationWindow(season, '2026-12-31')).toBe('open');
    expect(registrationWindow(season, '2027-01-01')).toBe('closed');
    expect(registrationWindow({ ...season, registrationOpens: null, registrationCloses: null }, '2030-01-01')).toBe('open');
  });

  it('adds the late fee from its date on', () => {
    expect(feeOn(season, '2026-12-19')).toBe(200);
    expect(feeOn(season, '2026-12-20')).toBe(250);
    expect(feeOn({ ...season, lateFeeFrom: null }, '2026-12-25')).toBe(200);
  });

  it('takes payments up to the deadline day', () => {
    expect(paymentsOpen(season, '2027-01-10')).toBe(true);
    expect(paymentsOpen(season, '2027-01-11')).toBe(false);
    expect(paymentsOpen({ ...season, paymentDeadline: null }, '2099-01-01')).toBe(true);
  });

  it('counts days and reads the date in Bangladesh', () => {
    expect(daysUntil('2026-12-31', '2026-12-01')).toBe(30);
    expect(daysUntil('2026-12-01', '2026-12-02')).toBe(-1);
    // 20:00 UTC is already the next day in Dhaka.
    expect(dhakaToday(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  });
});
