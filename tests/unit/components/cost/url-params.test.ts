// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formOf, paramsOf, type ParamsForm } from '@/components/cost/CostParamsPanel';
import { decodeCostQuery, encodeCostQuery } from '@/components/cost/url-params';

const SPEC = '0b7f5a52-7d0a-4c33-9d55-1f7b8f1d2a10';
const COMPANY = '9a1d3c0e-2b4f-4e6a-8c7d-5f0e1a2b3c4d';

const encode = (form: ParamsForm, extra: { specId?: string; companyId?: string } = {}) => encodeCostQuery({ ...extra, form }).toString();
const decode = (q: string) => decodeCostQuery(new URLSearchParams(q));

describe('/cost query string', () => {
  it('round trip: every changed parameter, the spec, the company and the semi-finished method come back', () => {
    const form: ParamsForm = {
      params: {
        batchQty: '10',
        additionalWagePct: '12,5',
        contributionsPct: '15',
        accidentPct: '0,5',
        preparationPct: '3',
        shop: { base: 'machineHours', rate: '250' },
        general: { base: 'direct', pct: '40' },
        defectsPct: '1',
        otherPct: '2',
        sellingPct: '5',
        directCosting: true,
        taxRegime: 'usn15',
        vatRatePct: 'none',
        purchaseVatPct: '0',
        semiFinishedMethod: 'semi',
      },
      priceMode: 'margin',
      priceValue: '20',
    };
    const q = encode(form, { specId: SPEC, companyId: COMPANY });
    expect(q).toContain('semi=semi');
    expect(q).toContain('shop=machineHours%3A250');
    expect(q).toContain('addWage=12%2C5');
    const back = decode(q);
    expect(back.specId).toBe(SPEC);
    expect(back.companyId).toBe(COMPANY);
    expect(back.form).toEqual(form);
    expect(paramsOf(back.form!)).toEqual(paramsOf(form));
    // …and encoding what was read gives the same link.
    expect(encode(back.form!, back)).toBe(q);
  });

  it('the form shows a link’s numbers the Russian way; digit grouping is no obstacle to the link', () => {
    const back = decode('accident=0.5&batch=1000&selling=12.5&shop=wages:150.5&markup=25.75').form!;
    expect(back.params).toMatchObject({ accidentPct: '0,5', batchQty: '1\u00a0000', sellingPct: '12,5', shop: { base: 'wages', pct: '150,5' } });
    expect(back.priceValue).toBe('25,75');
    expect(encode(back)).toBe('batch=1000&accident=0%2C5&selling=12%2C5&shop=wages%3A150%2C5&markup=25%2C75');
  });

  it('defaults are left out: the untouched form is no parameter at all', () => {
    expect(encode(formOf({}))).toBe('');
    const defaults: ParamsForm = {
      params: {
        batchQty: '1',
        accidentPct: '0,20',
        sellingPct: '0',
        shop: { base: 'wages', pct: '0' },
        taxRegime: 'osno',
        semiFinishedMethod: 'flow',
        directCosting: false,
      },
      priceMode: 'markup',
      priceValue: '',
    };
    expect(encode(defaults, { specId: SPEC })).toBe(`spec=${SPEC}`);
    expect(encode({ ...defaults, params: { ...defaults.params, batchQty: '10' } })).toBe('batch=10');
  });

  it('the contribution tariff is set by law: the rate used is always written and read back', () => {
    const params = formOf({}).params;
    expect(encode({ params: { ...params, contributionsPct: '30' }, priceMode: 'markup', priceValue: '' })).toBe('contributions=30');
    // Left to the rate table: the rate the shown calculation took from it.
    expect(encodeCostQuery({ form: formOf({}), usedContributionsPct: '30' }).toString()).toBe('contributions=30');
    expect(encodeCostQuery({ form: { params: { ...params, contributionsPct: '15' }, priceMode: 'markup', priceValue: '' }, usedContributionsPct: '30' }).toString()).toBe('contributions=15');
    expect(decode('contributions=30').form!.params.contributionsPct).toBe('30');
  });

  it('a link with parameters gives the complete set: what it omits is the engine default, written out', () => {
    const back = decode('batch=10').form!;
    expect(back.params).toMatchObject({ batchQty: '10', accidentPct: '0,2', sellingPct: '0', taxRegime: 'osno', semiFinishedMethod: 'flow' });
    // No tariff in the link: the rate table's on the date of the calculation.
    expect(back.params.contributionsPct).toBeUndefined();
    expect(back.params.shop).toEqual({ base: 'wages', pct: '0' });
    expect(back.priceMode).toBe('cost');
    expect(back.params.purchaseVatPct).toBeUndefined();
  });

  it('without parameters the user keeps their own defaults (no form)', () => {
    expect(decode(`spec=${SPEC}`)).toEqual({ specId: SPEC });
    expect(decode('')).toEqual({});
  });

  it('bad values are ignored', () => {
    const r = decode('spec=<script>&company=acme&batch=десять&contributions=1e5&shop=sideways:abc&general=machineHours:x&regime=ussr&semi=maybe&vat=много&markup=--1&margin=15');
    expect(r.specId).toBeUndefined();
    expect(r.companyId).toBeUndefined();
    const p = r.form!.params;
    expect(p.batchQty).toBe('1');
    expect(p.contributionsPct).toBeUndefined();
    expect(p.shop).toEqual({ base: 'wages', pct: '0' });
    expect(p.general).toEqual({ base: 'machineHours', rate: '0' });
    expect(p.taxRegime).toBe('osno');
    expect(p.semiFinishedMethod).toBe('flow');
    expect(p.vatRatePct).toBeUndefined();
    expect(r.form!.priceMode).toBe('margin');
    expect(r.form!.priceValue).toBe('15');
    // A value typed wrong in the form is not written into the link either.
    expect(encode({ params: { batchQty: 'abc', sellingPct: '5' }, priceMode: 'markup', priceValue: 'x' })).toBe('selling=5');
  });
});
