// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { areaToSheets, sheetAreaM2, sheetsToArea } from '@/lib/domain/catalog';

describe('sheet ⇄ м²', () => {
  it('a 2800 × 2070 мм sheet is 5,796 м²', () => {
    expect(sheetAreaM2(2800, 2070).toFixed()).toBe('5.796');
  });
  it('sheets → useful area with a utilisation', () => {
    expect(sheetsToArea('2', 2800, 2070, 100)).toBe('11.592');
    expect(sheetsToArea('1', 2800, 2070, 85)).toBe('4.9266');
    expect(sheetsToArea('0.5', 2800, 2070)).toBe('2.898');
  });
  it('area → sheets, fractional and whole; the round trip holds', () => {
    expect(areaToSheets('4.9266', 2800, 2070, 85)).toEqual({ sheets: '1', wholeSheets: 1 });
    expect(areaToSheets('10', 2800, 2070, 85)).toEqual({ sheets: '2.0298', wholeSheets: 3 });
    expect(areaToSheets(sheetsToArea('3', 1830, 2440, 90), 1830, 2440, 90).sheets).toBe('3');
    expect(areaToSheets('0', 2800, 2070, 50)).toEqual({ sheets: '0', wholeSheets: 0 });
  });
  it('refuses a utilisation outside (0, 100]', () => {
    expect(() => sheetsToArea('1', 2800, 2070, 0)).toThrow(RangeError);
    expect(() => areaToSheets('1', 2800, 2070, 120)).toThrow(RangeError);
  });
});
