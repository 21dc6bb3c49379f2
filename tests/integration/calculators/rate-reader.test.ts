// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { moscowToday } from '@/lib/domain/format/date';
import { rates } from '@/lib/server/db/schema';
import { createTestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { shelf, shelfParams } from '../cost/fixtures';

const suite = productSuite();
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What each consumer of the rate table sees today: the calculators' and /cost's defaults and a калькуляция. */
async function seen() {
  const u = suite.alice;
  const list = await callProduct<Body>(suite.ctx, null, 'calculators/list', {});
  const defaults = await callProduct<Body>(suite.ctx, u, 'cost/defaults/get', {});
  const cost = await callProduct<Body>(suite.ctx, u, 'cost/calculate', { spec: shelf, params: shelfParams });
  const usn = await callProduct<Body>(suite.ctx, u, 'cost/calculate', { spec: shelf, params: { ...shelfParams, taxRegime: 'usn-vat5' } });
  for (const r of [list, defaults, cost, usn]) expect(r.status, JSON.stringify(r.body)).toBe(200);
  return {
    list: [list.body.law.vatPct, list.body.law.contributionsPct],
    defaults: [defaults.body.law.vatPct, defaults.body.law.contributionsPct],
    cost: [cost.body.result.vatRatePct, cost.body.result.contributionsPct],
    usn: usn.body.result.vatRatePct,
  };
}

describe(`one rate reader for every consumer (${testDriver()})`, () => {
  it('an admin’s new row reaches the calculators, /cost defaults and the калькуляция at once; a row written by another instance too', async () => {
    const today = moscowToday();
    expect(await seen()).toEqual({ list: ['22', '30'], defaults: ['22', '30'], cost: ['22', '30'], usn: '5' });

    const admin = await createTestUser(suite.ctx, { roles: ['admin'] });
    const added = await callProduct<Body>(suite.ctx, admin, 'calculators/rates/add', { kind: 'vat', effectiveFrom: today, value: '25', source: 'Федеральный закон (тест)' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await seen()).toEqual({ list: ['25', '30'], defaults: ['25', '30'], cost: ['25', '30'], usn: '5' });

    // Another instance writes straight to the shared table: this process's cached rows are not told. (An embedded
    // database folder is opened by one process only: there is no other instance to write to it.)
    if (testDriver() === 'postgres') {
      const tariffs = { general: { ratePct: '31', aboveCapPct: '15.1' }, msp: { aboveMrotPct: '15', mrotMultiplier: '1.5' }, 'msp-manufacturing': { aboveMrotPct: '7.6', mrotMultiplier: '1.5' } };
      await suite.ctx.db.insert(rates).values([
        { kind: 'contribution_tariffs', effectiveFrom: today, value: tariffs, source: 'Федеральный закон (тест)' },
        { kind: 'vat_usn_5', effectiveFrom: today, value: '6', source: 'Федеральный закон (тест)' },
      ]);
      expect(await seen()).toEqual({ list: ['25', '31'], defaults: ['25', '31'], cost: ['25', '31'], usn: '6' });
    }

    // The калькуляция's статья 7 follows the tariff: the form's parameter still wins.
    const own = await callProduct<Body>(suite.ctx, suite.alice, 'cost/calculate', { spec: shelf, params: { ...shelfParams, contributionsPct: '30' } });
    expect(own.body.result.contributionsPct).toBe('30');
  });
});
