import type { Ratio } from './fixed';
import { nonNegative } from './run';
import { decimalAsFraction, ruExact, ruPrice } from './text';
import { Dec, kop, money, ruMoney } from '@/lib/domain/cost/num';
import { optDec, parseDec } from '@/lib/domain/cost/parse';
import type { CostLine, Operation } from '@/lib/domain/cost/types';

const SIXTY = new Dec(60);

/** Статьи 5 and 9 of one operation; time in minutes is used as given (÷ 60 exactly). */
export function operationOf(o: Operation, f: string, withLines: boolean) {
  const rate = nonNegative(parseDec(o.rate, `${f}rate`, 'Ставка'), `${f}rate`, 'Ставка');
  const minutes = o.minutes !== undefined && o.minutes !== '' ? nonNegative(parseDec(o.minutes, `${f}minutes`, 'Время'), `${f}minutes`, 'Время') : null;
  const hours = minutes ? minutes.div(SIXTY) : nonNegative(parseDec(o.hours, `${f}hours`, 'Время'), `${f}hours`, 'Время');
  const wage = kop(minutes ? minutes.times(rate).div(SIXTY) : hours.times(rate));
  const mr = nonNegative(optDec(o.machineRate, `${f}machineRate`, '0', 'Ставка машино-часа'), `${f}machineRate`, 'Ставка машино-часа');
  const mMin =
    o.machineMinutes !== undefined && o.machineMinutes !== ''
      ? nonNegative(parseDec(o.machineMinutes, `${f}machineMinutes`, 'Машинное время'), `${f}machineMinutes`, 'Машинное время')
      : null;
  const mh = mMin ? null : nonNegative(optDec(o.machineHours, `${f}machineHours`, '0', 'Машино-часы'), `${f}machineHours`, 'Машино-часы');
  const mhRatio: Ratio = mMin ? { n: decimalAsFraction(mMin).n, d: decimalAsFraction(mMin).d * 60n } : decimalAsFraction(mh!);
  const machine = kop(mMin ? mMin.times(mr).div(SIXTY) : mh!.times(mr));
  const lines: CostLine[] = [];
  if (withLines) {
    lines.push({
      id: o.id,
      article: '5',
      name: o.name,
      formula: minutes
        ? `${ruExact(minutes)} мин × ${ruPrice(rate)} ₽/ч ÷ 60 = ${ruMoney(wage)}`
        : `${ruExact(hours)} ч × ${ruPrice(rate)} ₽/ч = ${ruMoney(wage)}`,
      amount: money(wage),
      qty: hours.toDecimalPlaces(6).toFixed(),
      price: rate.toFixed(),
    });
    if (mhRatio.n !== 0n || !mr.isZero()) {
      lines.push({
        id: `${o.id}.machine`,
        article: '9',
        name: `Оборудование: ${o.name}`,
        formula: mMin
          ? `${ruExact(mMin)} мин × ${ruPrice(mr)} ₽/маш.-ч ÷ 60 = ${ruMoney(machine)}`
          : `${ruExact(mh!)} маш.-ч × ${ruPrice(mr)} ₽/маш.-ч = ${ruMoney(machine)}`,
        amount: money(machine),
        qty: mMin ? mMin.div(SIXTY).toDecimalPlaces(6).toFixed() : mh!.toFixed(),
        price: mr.toFixed(),
      });
    }
  }
  return { wage, machine, machineHours: mhRatio, lines };
}

