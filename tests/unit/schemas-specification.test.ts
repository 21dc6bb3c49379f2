// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { issuesToFields } from '@/lib/schemas/envelope';
import { costParamsSchema, specificationSchema } from '@/lib/schemas/specification';

describe('specification document schema', () => {
  const doc = {
    schemaVersion: 1,
    name: ' Полка ',
    unit: 'шт',
    materials: [{ id: 'm1', name: 'Щит', unit: 'м²', qty: '0,40', wastePct: 10, price: '2 000,00', returnable: null }],
  };
  it('normalises numbers to decimal strings and fills defaults', () => {
    const r = specificationSchema.parse(doc);
    expect(r.name).toBe('Полка');
    expect(r.outputQty).toBe('1');
    expect(r.operations).toEqual([]);
    expect(r.materials[0]).toMatchObject({ qty: '0.4', wastePct: '10', price: '2000' });
    expect(r.materials[0]!.returnable).toBeUndefined();
  });
  it('answers Russian messages by field path', () => {
    const r = specificationSchema.safeParse({
      ...doc,
      schemaVersion: 2,
      name: '',
      outputQty: '0',
      materials: [
        { ...doc.materials[0], qty: '-1' },
        { ...doc.materials[0], id: 'm2', qty: 'abc' },
      ],
    });
    expect(r.success).toBe(false);
    const f = issuesToFields(r.error!.issues);
    expect(f.schemaVersion).toMatch(/версия/);
    expect(f.name).toBe('Укажите название спецификации.');
    expect(f.outputQty).toBe('Значение должно быть больше 0.');
    expect(f['materials.0.qty']).toBe('Значение не может быть отрицательным.');
    expect(f['materials.1.qty']).toMatch(/Введите число/);
    const share = specificationSchema.safeParse({ ...doc, materials: [{ ...doc.materials[0], wasteMode: 'share', wastePct: '100' }] });
    expect(issuesToFields(share.error!.issues)['materials.0.wastePct']).toBe('Доля отходов от брутто должна быть меньше 100 %.');
    const dup = specificationSchema.safeParse({ ...doc, materials: [doc.materials[0], doc.materials[0]] });
    expect(issuesToFields(dup.error!.issues)['materials.1.id']).toBe('Строка с таким идентификатором уже есть.');
  });
  it('an operation may point at a work centre by its id; its rates stay required, another id is refused in Russian', () => {
    const wc = '0b6f1c3e-8a41-4c2d-9f07-5d2e4a6b7c81';
    const op = { id: 'o1', name: 'Раскрой', hours: '1,5', rate: '600,00', machineHours: '1', machineRate: '200' };
    const r = specificationSchema.parse({ ...doc, operations: [{ ...op, workCentreId: ` ${wc} ` }, { ...op, id: 'o2', workCentreId: '' }] });
    expect(r.operations[0]).toEqual({ id: 'o1', name: 'Раскрой', hours: '1.5', rate: '600', machineHours: '1', machineRate: '200', workCentreId: wc });
    expect(r.operations[1]!.workCentreId).toBeUndefined();
    const bad = specificationSchema.safeParse({ ...doc, operations: [{ ...op, workCentreId: 'Раскрой' }, { ...op, id: 'o2', workCentreId: 7 }, { id: 'o3', name: 'Сборка', hours: '1', workCentreId: wc }] });
    const f = issuesToFields(bad.error!.issues);
    expect(f['operations.0.workCentreId']).toBe('Рабочий центр операции не найден — выберите его заново.');
    expect(f['operations.1.workCentreId']).toBe('Рабочий центр операции не найден — выберите его заново.');
    expect(f['operations.2.rate']).toBe('Введите число.');
  });
  it('params: one price setting, machine-hour pools need a rate, "без НДС"', () => {
    const two = costParamsSchema.safeParse({ markupPct: '10', price: '100' });
    expect(issuesToFields(two.error!.issues).markupPct).toBe('Укажите что-то одно: наценку, маржу или цену.');
    const bad = costParamsSchema.safeParse({ shop: { base: 'machineHours' }, marginPct: '100' });
    const f = issuesToFields(bad.error!.issues);
    expect(f['shop.rate']).toBe('Укажите ставку за машино-час.');
    expect(f.marginPct).toBe('Значение должно быть меньше 100.');
    expect(costParamsSchema.parse({ vatRatePct: 'без НДС', batchQty: '1 000' })).toMatchObject({ vatRatePct: 'none', batchQty: '1000' });
    expect(costParamsSchema.safeParse({ price: '10,005' }).success).toBe(false);
  });
});
