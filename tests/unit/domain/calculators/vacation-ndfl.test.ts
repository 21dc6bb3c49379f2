// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { run } from './helpers';

// 600 000 / 351,6 = 1 706,48 × 28 = 47 781,44 of vacation pay in every case below.
const base = { earnings: '600000', fullMonths: 12, partialMonths: [], days: 28, date: '2026-06-01' };

describe('vacation: НДФЛ on the progressive scale with the income since January', () => {
  it('without incomeBefore: 13 %, the same figures as before', () => {
    const r = run('vacation', base);
    expect(r.result).toEqual({ averageDaily: '1706.48', amount: '47781.44', ndfl: '6212.00', payable: '41569.44' });
    expect(r.steps.map((s) => s.label.replace(/\s/g, ' '))).toContain('НДФЛ 13 % (целые рубли)');
  });
  it('income below the first threshold: still 13 %', () => {
    // 1 047 781,44 × 13 % = 136 211,59 → 136 212; 1 000 000 × 13 % = 130 000 → 6 212
    expect(run('vacation', { ...base, incomeBefore: '1000000' }).result).toMatchObject({ ndfl: '6212.00', payable: '41569.44' });
  });
  it('income already above 2,4 mln: 15 %', () => {
    // 312 000 + 47 781,44 × 15 % = 319 167,22 → 319 167; − 312 000 = 7 167
    const r = run('vacation', { ...base, incomeBefore: '2400000' });
    expect(r.result).toMatchObject({ ndfl: '7167.00', payable: '40614.44' });
    expect(r.steps.map((s) => s.label)).toEqual(expect.arrayContaining(['НДФЛ с начала года с учётом отпускных', 'НДФЛ с отпускных (целые рубли)']));
  });
  it('the vacation pay crosses the threshold: 13 % below it, 15 % above', () => {
    // 20 000 × 13 % = 2 600 + 27 781,44 × 15 % = 4 167,22 → 316 167 − 309 400 = 6 767
    expect(run('vacation', { ...base, incomeBefore: '2380000' }).result).toMatchObject({ ndfl: '6767.00', payable: '41014.44' });
  });
  it('above 5 mln: 18 %', () => {
    // 702 000 + 47 781,44 × 18 % = 710 600,66 → 710 601 − 702 000 = 8 601
    expect(run('vacation', { ...base, incomeBefore: '5000000' }).result).toMatchObject({ ndfl: '8601.00' });
  });
});
