'use client';

import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useRef, useState } from 'react';
import { calculatorMetaById } from '@/lib/domain/calculators/meta';
import { formatDateTime } from '@/lib/domain/format/date';
import type { CalcStep } from '@/lib/schemas/calculators';
import { productApi } from '@/lib/client/api';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { call } from '@/lib/client/call';
import { useLoad } from '@/lib/client/use-load';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { FORMS, formErrors, initialValues, localErrors, toInput, type Values, valuesFromInput, visibleFields } from './forms';
import { ResultView } from './ResultView';
import { runSummary } from './run-summary';
import s from './calculators.module.css';

interface RunAnswer {
  result: Record<string, unknown>;
  steps: CalcStep[];
  /** «Основание»: the law of the rule, then the source of each rate used. */
  sources: string[];
}
interface RecentRun {
  id: number;
  calcId: string;
  input: Record<string, unknown>;
  createdAt: string;
}

const NO_RUNS: RecentRun[] = [];

/** The form values a query string carries (only this calculator's fields). */
function valuesOfQuery(id: string, params: URLSearchParams): Values {
  const names = new Set((FORMS[id]?.fields ?? []).map((f) => f.name));
  const v: Values = {};
  params.forEach((value, key) => {
    if (names.has(key)) v[key] = value;
  });
  return v;
}

function queryOf(id: string, values: Values): string {
  const p = new URLSearchParams();
  for (const f of visibleFields(id, values)) {
    const t = (values[f.name] ?? '').trim();
    if (t) p.set(f.name, t);
  }
  return p.toString();
}

/** `/calculators/{id}`: the form (inputs in the URL), the result with steps, link, print, recent runs. */
export function CalculatorView({ id }: { id: string }) {
  const calc = calculatorMetaById(id)!;
  const form = FORMS[id]!;
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const fromUrl = valuesOfQuery(id, new URLSearchParams(search.toString()));
  const [values, setValues] = useState<Values>(() => ({ ...initialValues(id), ...fromUrl }));
  // Figures set by law (the general VAT rate, the contribution tariff) come from the dated rate tables: when
  // they arrive they fill the fields still empty and name the options.
  const lawLoad = useLoad(() => call('product', 'calculators/list', {}).then((r) => r.law), []);
  const law = lawLoad.data;
  const [lawApplied, setLawApplied] = useState(law);
  if (law && law !== lawApplied) {
    setLawApplied(law);
    setValues((v) => ({ ...initialValues(id, law), ...v }));
  }
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [answer, setAnswer] = useState<RunAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState('');
  const [copied, setCopied] = useState<string | null>(null);
  const autoRun = useRef(Object.keys(fromUrl).length > 0);

  // The user's last runs of this calculator (none when they cannot be read); read again after each run.
  const recentLoad = useLoad(
    () => call('product', 'calculators/recent', { calcId: id, limit: 5 }).then((r): RecentRun[] => r.runs.map((x) => ({ ...x, input: x.input as Record<string, unknown> }))),
    [id],
    { keep: true },
  );
  const recent = (recentLoad.error === null && recentLoad.data) || NO_RUNS;
  const loadRecent = recentLoad.reload;
  const run = useCallback(
    async (v: Values) => {
      const local = localErrors(id, v);
      if (Object.keys(local).length > 0) {
        setErrors(local);
        setMessage('Проверьте введённые данные.');
        return;
      }
      setBusy(true);
      try {
        const r = await productApi<RunAnswer>('calculators/run', { id, input: toInput(id, v) });
        setAnswer({ result: r.result, steps: r.steps, sources: r.sources ?? [] });
        setErrors({});
        setMessage(null);
        const qs = queryOf(id, v);
        const url = `${pathname}${qs ? `?${qs}` : ''}`;
        router.replace(url, { scroll: false });
        setLink(`${window.location.origin}${url}`);
        setCopied(null);
        loadRecent();
      } catch (e) {
        setAnswer(null);
        setMessage(userMessage(e));
        setErrors(isApiError(e) && e.fields ? formErrors(id, e.fields) : {});
      } finally {
        setBusy(false);
      }
    },
    [id, pathname, router, loadRecent],
  );

  useEffect(() => {
    if (autoRun.current) {
      autoRun.current = false;
      void run(values);
    }
    // Once on open: a link with inputs shows its result at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Ссылка скопирована.');
    } catch {
      setCopied('Скопируйте ссылку из поля вручную.');
    }
  };

  return (
    <div className={s.page}>
      <PageBreadcrumb items={[{ label: 'Калькуляторы', to: '/calculators' }, calc.title]} />
      <h1>{calc.title}</h1>
      <p className={s.muted}>{calc.description}</p>
      <section className={s.card} aria-label="Данные для расчёта">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void run(values);
          }}
        >
          <div className={s.form}>
            {visibleFields(id, values, law).map((f) => {
              const fid = `calc-${f.name}`;
              const error = errors[f.name];
              const describedBy = error || f.hint ? `${fid}-msg` : undefined;
              if (f.kind === 'check') {
                return (
                  <div key={f.name} className={`${s.field} ${s.checkField}`}>
                    <div className={s.check}>
                      <input
                        id={fid}
                        type="checkbox"
                        checked={values[f.name] === 'true'}
                        onChange={(e) => set(f.name, e.target.checked ? 'true' : 'false')}
                        aria-describedby={describedBy}
                      />
                      <label htmlFor={fid}>{f.label}</label>
                    </div>
                    <small id={`${fid}-msg`} className={error ? s.error : s.hint} role={error ? 'alert' : undefined}>
                      {error ?? f.hint}
                    </small>
                  </div>
                );
              }
              return (
                <div key={f.name} className={s.field}>
                  <label htmlFor={fid}>{f.label}</label>
                  {f.kind === 'select' || f.kind === 'bool' ? (
                    <select id={fid} className={s.select} value={values[f.name] ?? ''} onChange={(e) => set(f.name, e.target.value)} aria-describedby={describedBy}>
                      {f.options?.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <InputText
                      id={fid}
                      value={values[f.name] ?? ''}
                      onChange={(e) => set(f.name, e.target.value)}
                      inputMode={f.kind === 'money' || f.kind === 'percent' || f.kind === 'number' ? 'decimal' : f.kind === 'int' ? 'numeric' : 'text'}
                      placeholder={f.placeholder ?? (f.kind === 'date' ? 'дд.мм.гггг' : undefined)}
                      invalid={Boolean(error)}
                      aria-invalid={Boolean(error)}
                      aria-describedby={describedBy}
                      autoComplete="off"
                    />
                  )}
                  {error ? (
                    <small id={`${fid}-msg`} className={s.error} role="alert">
                      {error}
                    </small>
                  ) : f.hint ? (
                    <small id={`${fid}-msg`} className={s.hint}>
                      {f.hint}
                    </small>
                  ) : null}
                </div>
              );
            })}
          </div>
          {message ? (
            <p className={s.error} role="alert">
              {message}
              {errors._ ? ` ${errors._}` : ''}
            </p>
          ) : null}
          <div className={s.actions}>
            <Button type="submit" label="Рассчитать" icon="pi pi-calculator" loading={busy} />
            <Button
              type="button"
              label="Очистить"
              severity="secondary"
              outlined
              onClick={() => {
                setValues(initialValues(id, law));
                setAnswer(null);
                setErrors({});
                setMessage(null);
                setLink('');
                router.replace(pathname, { scroll: false });
              }}
            />
          </div>
        </form>
      </section>
      {answer ? (
        <>
          <div className={s.actions}>
            <Button type="button" label="Скопировать ссылку" icon="pi pi-link" severity="secondary" onClick={() => void copyLink()} />
            <Button type="button" label="Печать" icon="pi pi-print" severity="secondary" outlined onClick={() => window.print()} />
            <span className={s.link}>
              <InputText aria-label="Ссылка на расчёт" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
            </span>
            {copied ? <span role="status">{copied}</span> : null}
          </div>
          <ResultView outputs={form.outputs} result={answer.result} steps={answer.steps} sources={answer.sources} />
        </>
      ) : null}
      {recent.length > 0 ? (
        <section className={`${s.card} ${s.noPrint}`} aria-label="Недавние расчёты">
          <h2>Недавние расчёты</h2>
          <ul className={s.recent}>
            {recent.map((r) => {
              const qs = queryOf(id, valuesFromInput(id, r.input));
              return (
                <li key={r.id}>
                  <Link
                    href={`/calculators/${id}${qs ? `?${qs}` : ''}`}
                    onClick={(e) => {
                      e.preventDefault();
                      const v = { ...initialValues(id, law), ...valuesFromInput(id, r.input) };
                      setValues(v);
                      void run(v);
                    }}
                  >
                    {formatDateTime(new Date(r.createdAt))}
                  </Link>{' '}
                  <span className={s.muted}>{runSummary(id, r.input).join(' · ')}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <p className={`${s.muted} ${s.noPrint}`}>
        <Link href="/calculators">← Все калькуляторы</Link>
      </p>
    </div>
  );
}
