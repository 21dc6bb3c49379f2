'use client';

import { formatMoney, formatNumber } from '@/lib/domain/money';
import { formatIsoDate } from '@/lib/domain/format/date';
import type { CalcStep } from '@/lib/schemas/calculators';
import type { FormOutput } from './forms';
import { formatOutput } from './format-output';
import s from './calculators.module.css';

interface UsnPeriod {
  period: string;
  income: string;
  taxBase: string;
  deduction: string;
  tax: string;
  paidBefore: string;
  payable: string;
  dueDate: string;
}

interface Period {
  from: string;
  to: string;
  days: number;
  debt?: string;
  ratePct: string;
  fraction: string;
  amount: string;
}

/**
 * The answer: named outputs, the periods or schedule when there is one, the steps with numbers and, under them,
 * «Основание» — the law of the rule and the official source of each rate used (printed with the page).
 */
export function ResultView(props: { outputs: FormOutput[]; result: Record<string, unknown>; steps: CalcStep[]; sources?: string[] }) {
  // A user's own calculator («Свой калькулятор») has formulas but no law to cite.
  const { outputs, result, steps, sources = [] } = props;
  const periods = Array.isArray(result.periods) ? (result.periods as Period[]) : null;
  const advances = Array.isArray(result.advances) ? (result.advances as UsnPeriod[]) : null;
  const loan = Array.isArray(result.schedule) && (result.schedule as { month?: number }[])[0]?.month !== undefined;
  const schedule = Array.isArray(result.schedule) ? (result.schedule as Record<string, string | number>[]) : null;
  return (
    <section className={s.card} aria-label="Результат">
      <h2>Результат</h2>
      <dl className={s.outputs}>
        {outputs.map((o) => (
          <div key={o.key} className={s.output}>
            <dt>{o.label}</dt>
            <dd data-testid={`out-${o.key}`}>{formatOutput(o.kind, result[o.key])}</dd>
          </div>
        ))}
      </dl>
      {periods && periods.length > 0 ? (
        <div className={s.frame}>
          <table className={s.table}>
            <caption>Периоды</caption>
            <thead>
              <tr>
                <th>С</th>
                <th>По</th>
                <th className={s.num}>Дней</th>
                <th className={s.num}>Долг</th>
                <th className={s.num}>Ставка</th>
                <th>Доля</th>
                <th className={s.num}>Сумма</th>
              </tr>
            </thead>
            <tbody>
              {periods.map((p) => (
                <tr key={p.from}>
                  <td>{formatIsoDate(p.from)}</td>
                  <td>{formatIsoDate(p.to)}</td>
                  <td className={s.num}>{p.days}</td>
                  <td className={s.num}>{p.debt ? formatMoney(p.debt) : '—'}</td>
                  <td className={s.num}>{formatNumber(p.ratePct)}&nbsp;%</td>
                  <td>{p.fraction}</td>
                  <td className={s.num}>{formatMoney(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {advances && advances.length > 0 ? (
        <div className={s.frame}>
          <table className={s.table}>
            <caption>Авансовые платежи и налог за год (нарастающим итогом)</caption>
            <thead>
              <tr>
                <th>Период</th>
                <th className={s.num}>Доходы</th>
                <th className={s.num}>База</th>
                <th className={s.num}>Уменьшение на взносы</th>
                <th className={s.num}>Налог с начала года</th>
                <th className={s.num}>Уплачено раньше</th>
                <th className={s.num}>К уплате</th>
                <th>Срок</th>
              </tr>
            </thead>
            <tbody>
              {advances.map((a) => (
                <tr key={a.period}>
                  <td>{a.period}</td>
                  <td className={s.num}>{formatMoney(a.income)}</td>
                  <td className={s.num}>{formatMoney(a.taxBase)}</td>
                  <td className={s.num}>{formatMoney(a.deduction)}</td>
                  <td className={s.num}>{formatMoney(a.tax)}</td>
                  <td className={s.num}>{formatMoney(a.paidBefore)}</td>
                  <td className={s.num}>{formatMoney(a.payable)}</td>
                  <td>{formatIsoDate(a.dueDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {schedule && schedule.length > 0 ? (
        <div className={s.frame}>
          <table className={s.table}>
            <caption>График</caption>
            <thead>
              {loan ? (
                <tr>
                  <th className={s.num}>Месяц</th>
                  <th className={s.num}>Платёж</th>
                  <th className={s.num}>Проценты</th>
                  <th className={s.num}>Основной долг</th>
                  <th className={s.num}>Остаток</th>
                </tr>
              ) : (
                <tr>
                  <th className={s.num}>Год</th>
                  <th className={s.num}>Месяцев</th>
                  <th className={s.num}>Амортизация</th>
                  <th className={s.num}>Остаточная стоимость</th>
                </tr>
              )}
            </thead>
            <tbody>
              {schedule.map((r) =>
                loan ? (
                  <tr key={r.month}>
                    <td className={s.num}>{r.month}</td>
                    <td className={s.num}>{formatMoney(String(r.payment))}</td>
                    <td className={s.num}>{formatMoney(String(r.interest))}</td>
                    <td className={s.num}>{formatMoney(String(r.principal))}</td>
                    <td className={s.num}>{formatMoney(String(r.balance))}</td>
                  </tr>
                ) : (
                  <tr key={r.year}>
                    <td className={s.num}>{r.year}</td>
                    <td className={s.num}>{r.months}</td>
                    <td className={s.num}>{formatMoney(String(r.amount))}</td>
                    <td className={s.num}>{formatMoney(String(r.residual))}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className={s.frame}>
        <table className={s.table}>
          <caption>Как посчитано</caption>
          <thead>
            <tr>
              <th>Шаг</th>
              <th>Формула</th>
              <th className={s.num}>Значение</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((st, i) => (
              <tr key={i}>
                <td>{st.label}</td>
                <td>{st.formula}</td>
                <td className={s.num}>{st.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sources.length > 0 ? (
        <div className={s.basis} data-testid="calc-sources">
          <span className={s.basisLabel}>Основание:</span>
          <ul>
            {sources.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
