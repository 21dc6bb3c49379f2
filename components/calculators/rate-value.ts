import { formatIsoDate, formatMonthDay } from '@/lib/domain/format/date';
import { countOf, DAYS, MONTHS, YEARS } from '@/lib/domain/format/plural';
import { formatMoney, formatNumber, formatPercent } from '@/lib/domain/money';

/**
 * A rate's value as readable lines for the rate tables (never raw JSON): `22 %`, `27 093,00 ₽`, НДФЛ scale
 * «от 2 400 000,00 ₽ — 15 %», penalty shares «организации: 1/300 за дни 1–30, 1/150 за дни 31–90, 1/300 с 91-го
 * дня», yes/no for flags. A shape it does not know is written out field by field.
 */
export function rateValueLines(kind: string, value: unknown): string[] {
  const o = (value ?? {}) as Record<string, unknown>;
  const str = (x: unknown) => String(x ?? '');
  if (typeof value === 'string' || typeof value === 'number') return [scalar(kind, str(value))];
  switch (kind) {
    case 'refinancing_rate':
      if (o.equalsKeyRate === true) return ['Равна ключевой ставке на каждую дату'];
      break;
    case 'ndfl_scale':
      return brackets(o).map((b, i, all) => `${range(b.from, all[i + 1]?.from)} — ${formatPercent(str(b.ratePct))}`);
    case 'court_fee_arbitration': {
      const lines = brackets(o).map((b, i, all) => {
        const pct = str(b.pct);
        const extra = pct && pct !== '0' ? ` + ${formatPercent(pct)} суммы свыше ${formatMoney(str(b.from))}` : '';
        return `${range(b.from, all[i + 1]?.from, 'иска ')}: ${formatMoney(str(b.fixed))}${extra}`;
      });
      if (o.max) lines.push(`не больше ${formatMoney(str(o.max))}`);
      return lines;
    }
    case 'penalty_fractions': {
      const lines = (['organization', 'individual'] as const)
        .filter((who) => Array.isArray(o[who]))
        .map((who) => `${who === 'organization' ? 'Организации' : 'ИП и физические лица'}: ${shares(o[who] as { fromDay: number; denominator: number }[])}`);
      if (o.debtsFrom) lines.push(`к недоимке, возникшей с ${formatIsoDate(str(o.debtsFrom))} (прежняя — 1/300)`);
      if (o.paymentDayCounted === false) lines.push('день уплаты не входит');
      return lines;
    }
    case 'contribution_tariffs':
      return Object.entries(o).map(([name, t]) => tariff(name, (t ?? {}) as Record<string, unknown>));
    case 'interest_395_rules':
      return [({ refinancing: 'ставка рефинансирования (учётная ставка)', deposits: 'средние ставки по вкладам физических лиц', key: 'ключевая ставка' } as Record<string, string>)[str(o.base)] ?? str(o.base)];
    case 'sick_leave_rules': {
      const lines = [
        `расчётный период: ${countOf(str(o.periodDays), DAYS)}`,
        `минимум — из МРОТ × ${countOf(str(o.mrotMonths), MONTHS)}`,
        `первые ${countOf(str(o.employerDays), DAYS)} — за счёт работодателя`,
        `стаж меньше ${countOf(str(o.shortRecordYears), YEARS, formatNumber(str(o.shortRecordYears)))} — из МРОТ`,
      ];
      const list = Array.isArray(o.shares) ? (o.shares as { fromYears: string; pct: string }[]) : [];
      list.forEach((x, i) => {
        const next = list[i + 1];
        const years = next ? `стаж ${formatNumber(x.fromYears)}–${countOf(next.fromYears, YEARS, formatNumber(next.fromYears))}` : `стаж от ${countOf(x.fromYears, YEARS, formatNumber(x.fromYears))}`;
        lines.push(`${years}: ${formatPercent(x.pct)}`);
      });
      return lines;
    }
    case 'usn_contribution_limits':
      return [`без работников — до ${formatPercent(str(o.withoutEmployeesPct))} налога`, `с работниками — до ${formatPercent(str(o.withEmployeesPct))} налога`];
    case 'usn_payment_terms': {
      const day = (md: unknown) => formatMonthDay(str(md));
      const adv = Array.isArray(o.advances) ? (o.advances as string[]).map(day).join(', ') : '';
      return [`авансы: ${adv}`, `налог за год: организации — до ${day(o.organization)}, ИП — до ${day(o.entrepreneur)} следующего года`];
    }
    case 'ndfl_child_deductions':
      return [
        `на первого ребёнка: ${formatMoney(str(o.first))} в месяц`,
        `на второго: ${formatMoney(str(o.second))} в месяц`,
        `на третьего и каждого следующего: ${formatMoney(str(o.third))} в месяц`,
        `на ребёнка-инвалида: ${formatMoney(str(o.disabled))} в месяц`,
        `пока доход с начала года не больше ${formatMoney(str(o.incomeLimit))}`,
      ];
  }
  return fields(o);
}

const PERCENT = /(^|_)(vat|rate|pct)($|_)|^vat_usn/;
const MONEY = new Set(['mrot', 'insurance_base_cap', 'ip_fixed_contribution', 'ip_additional_cap', 'ip_additional_threshold']);

function scalar(kind: string, v: string): string {
  if (kind === 'salary_delay_denominator') return `1/${v} ставки за каждый день`;
  if (kind === 'vacation_average_days') return countOf(v, DAYS, formatNumber(v));
  if (MONEY.has(kind)) return formatMoney(v);
  if (PERCENT.test(kind)) return formatPercent(v, 4);
  return formatNumber(v);
}

type Bracket = Record<string, unknown> & { from?: unknown };
const brackets = (o: Record<string, unknown>): Bracket[] => (Array.isArray(o.brackets) ? (o.brackets as Bracket[]) : []);

/** «до 2 400 000,00 ₽», «от 2 400 000,00 ₽ до 5 000 000,00 ₽», «свыше 50 000 000,00 ₽». */
function range(from: unknown, to: unknown, what = 'доход '): string {
  const f = String(from ?? '0');
  if (f === '0' && to !== undefined) return `${what}до ${formatMoney(String(to))}`;
  if (to === undefined) return `${what}свыше ${formatMoney(f)}`;
  return `${what}от ${formatMoney(f)} до ${formatMoney(String(to))}`;
}

/** `1/300 за дни 1–30, 1/150 за дни 31–90, 1/300 с 91-го дня` (or «1/300 за каждый день»). */
function shares(list: { fromDay: number; denominator: number }[]): string {
  if (list.length === 1) return `1/${list[0]!.denominator} ставки за каждый день`;
  return list
    .map((x, i) => {
      const next = list[i + 1];
      return next ? `1/${x.denominator} за дни ${x.fromDay}–${next.fromDay - 1}` : `1/${x.denominator} с ${x.fromDay}-го дня`;
    })
    .join(', ');
}

const TARIFF_NAMES: Record<string, string> = { general: 'Общий', msp: 'МСП', 'msp-manufacturing': 'МСП обрабатывающих производств' };
function tariff(name: string, t: Record<string, unknown>): string {
  const title = TARIFF_NAMES[name] ?? name;
  if (t.ratePct !== undefined) return `${title}: ${formatPercent(String(t.ratePct))} до предельной базы, ${formatPercent(String(t.aboveCapPct))} сверх неё`;
  const mult = String(t.mrotMultiplier ?? '1');
  return `${title}: ${formatPercent(String(t.aboveMrotPct))} с выплат сверх ${mult === '1' ? '' : `${formatNumber(mult)} `}МРОТ`;
}

/** A shape without its own wording: one «name: value» line per field, flags as да/нет. */
function fields(o: Record<string, unknown>): string[] {
  return Object.entries(o).map(([k, v]) => {
    const text =
      typeof v === 'boolean' ? (v ? 'да' : 'нет') : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? formatNumber(v) : typeof v === 'string' ? v : Array.isArray(v) ? v.map((x) => (typeof x === 'object' ? fields(x as Record<string, unknown>).join(', ') : String(x))).join('; ') : typeof v === 'object' && v ? fields(v as Record<string, unknown>).join(', ') : String(v);
    return `${k}: ${text}`;
  });
}
