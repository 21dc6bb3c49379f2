'use client';

import Link from 'next/link';
import { ARTICLE_TITLES, SEMI_FINISHED_METHOD_TITLES, TAX_REGIME_TITLES, type CostFigures, type CostLine, type CostResult } from '@/lib/domain/cost';
import { calculationRows } from '@/lib/domain/cost/form-rows';
import { approvalBlock, requisiteLines, signatureLines, type PrintCompany } from '@/lib/domain/cost/print-header';
import { formatDate } from '@/lib/domain/format/date';
import { formatMoney, formatNumber, formatPercent } from '@/lib/domain/money';
import { amountInWords } from '@/lib/domain/words';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { costAnalysisApi, costSourceText } from './api';
import { PRINT_KEY, readPrintRequest } from './print-request';
import s from './print.module.css';

/** Lines of a калькуляция with their formulas. */
function LinesTable({ lines }: { lines: CostLine[] }) {
  return (
    <table className={s.table}>
      <thead>
        <tr>
          <th>Ст.</th>
          <th>Строка</th>
          <th>Расчёт</th>
          <th className={s.num}>Сумма, руб.</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={`${l.article}.${l.id}`}>
            <td>{l.article}</td>
            <td>{l.name}</td>
            <td className={s.formula}>{l.formula}</td>
            <td className={s.num}>{formatNumber(l.amount, 2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type State =
  | { kind: 'loading' }
  | { kind: 'empty' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; result: CostResult; date: string; company: PrintCompany | null; source: string };

const dateOf = (iso: string) => formatDate(new Date(`${iso}T12:00:00Z`));

/** Reads what /cost handed over, calculates it and finds the own company. */
async function load(): Promise<State> {
  const req = readPrintRequest(localStorage.getItem(PRINT_KEY));
  if (!req) return { kind: 'empty' };
  try {
    const [calc, companies] = await Promise.all([
      costAnalysisApi.calculate({ spec: req.spec, params: req.params, companyId: req.companyId }),
      costAnalysisApi.ownCompanies().then(
        (r) => r.companies,
        () => [],
      ),
    ]);
    const company = companies.find((c) => c.id === req.companyId) ?? companies[0] ?? null;
    return { kind: 'ready', result: calc.result, date: calc.date, company, source: costSourceText(calc.defaults) };
  } catch (e) {
    return { kind: 'error', message: userMessage(e) };
  }
}

/**
 * `/cost/print`: the printable «Плановая калькуляция себестоимости» with the own company's реквизиты and
 * signature lines. /cost hands over the specification and parameters in localStorage; «Печать» opens the
 * browser's print dialog (and «Сохранить как PDF»).
 */
export function CostPrintPage() {
  const state: State = useLoad(() => load(), []).data ?? { kind: 'loading' };

  if (state.kind === 'loading') return <p className={s.sheet}>Готовим печатную форму…</p>;
  if (state.kind === 'empty' || state.kind === 'error') {
    return (
      <div className={s.sheet}>
        <p role="alert">
          {state.kind === 'error' ? state.message : 'Нет расчёта для печати. Откройте «Себестоимость», рассчитайте изделие и нажмите «Печатная форма».'}
        </p>
        <Link href="/cost">К расчёту себестоимости</Link>
      </div>
    );
  }
  const { result: r, company, date, source } = state;
  const approval = approvalBlock(company, date);
  const rows = calculationRows(r.directCosting);
  const cell = (f: CostFigures, row: (typeof rows)[number]) => {
    if (row.kind === 'article') return formatNumber(f.articles[row.no], 2);
    if (row.kind === 'pct') return f[row.key] === null ? '—' : formatPercent(f[row.key] as string);
    return formatNumber(f[row.key] as string, 2);
  };
  return (
    <div className={s.sheet}>
      <div className={s.toolbar}>
        <button type="button" className="p-button" onClick={() => window.print()}>
          <i className="pi pi-print" aria-hidden="true" />
          &nbsp;Печать / PDF
        </button>
        <Link href="/cost" className="p-button p-button-text">
          К расчёту
        </Link>
      </div>
      <header className={s.requisites} aria-label="Реквизиты организации">
        {company ? (
          requisiteLines(company).map((line, i) => (
            <div key={i} className={i === 0 ? s.companyName : undefined}>
              {line}
            </div>
          ))
        ) : (
          <div className={s.noPrint}>
            Своя компания не заведена — реквизиты появятся здесь, когда вы добавите её в разделе{' '}
            <Link href="/companies">«Компании»</Link>.
          </div>
        )}
      </header>
      <section className={s.approval} aria-label="Утверждаю">
        <div className={s.approvalHead}>УТВЕРЖДАЮ</div>
        <div className={approval.position ? undefined : s.fill}>{approval.position}</div>
        {approval.company && <div>{approval.company}</div>}
        <div className={s.approvalSign}>
          <span className={s.blank} />
          <span>/</span>
          <span className={approval.name ? undefined : s.fillName}>{approval.name}</span>
        </div>
        <div data-testid="approval-date">{approval.date}</div>
      </section>
      <h1 className={s.title}>Плановая калькуляция себестоимости</h1>
      <p className={s.meta}>
        от {dateOf(date)} · изделие «{r.name}», единица {r.unit} · партия {formatNumber(r.batchQty)} {r.unit} ·{' '}
        {TAX_REGIME_TITLES[r.taxRegime]}, {r.vatRatePct === null ? 'без НДС' : `НДС ${formatPercent(r.vatRatePct)}`}
        {r.directCosting ? ' · директ-костинг' : ''}
        {r.nested.length > 0 ? ` · метод учёта полуфабрикатов: ${SEMI_FINISHED_METHOD_TITLES[r.semiFinishedMethod].toLowerCase()}` : ''}
        <span data-testid="print-source"> · {source || 'параметры по умолчанию программы'}</span>
      </p>
      <table className={s.table} aria-label="Печатная форма калькуляции">
        <thead>
          <tr>
            <th>№</th>
            <th>Статья калькуляции</th>
            <th className={s.num}>На единицу, руб.</th>
            <th className={s.num}>На партию, руб.</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = row.kind === 'article' ? row.no : row.key;
            const strong = row.kind === 'total' && row.strong;
            return (
              <tr key={key} data-key={key} className={strong ? s.strong : undefined}>
                <td>{row.kind === 'article' ? row.no : ''}</td>
                <td>{row.kind === 'article' ? ARTICLE_TITLES[row.no] : row.title}</td>
                <td className={s.num}>{cell(r.perUnit, row)}</td>
                <td className={s.num}>{cell(r.perBatch, row)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h2 className={s.subtitle}>Расшифровка (на выпуск {formatNumber(r.outputQty)} {r.unit})</h2>
      <LinesTable lines={r.lines} />
      {r.nested.map((n) =>
        n.lines ? (
          <section key={n.specId} aria-label={`Расшифровка полуфабриката «${n.name}»`}>
            <h2 className={s.subtitle}>
              Полуфабрикат «{n.name}» (на выпуск {formatNumber(n.outputQty)} {n.unit}; производственная себестоимость единицы {formatMoney(n.unitProductionCost)})
            </h2>
            <LinesTable lines={n.lines} />
          </section>
        ) : null,
      )}
      <p className={s.total}>
        Отпускная цена за единицу{r.vatRatePct === null ? ' (без НДС)' : ' с НДС'}: <b data-testid="print-price">{formatMoney(r.perUnit.priceWithVat)}</b> (
        {amountInWords(r.perUnit.priceWithVat)})
      </p>
      <div className={s.signatures}>
        {signatureLines(company).map((sig) => (
          <div key={sig.title} className={s.signature}>
            <span>{sig.title}</span>
            <span className={s.blank} />
            <span>{sig.name}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
