'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { fileUrl } from '@/components/files/api';
import { useToast } from '@/components/layout/ToastProvider';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { fieldGroup, fieldLabel, isDerivedField, loopLabel } from '@/lib/domain/docx/labels';
import { parseFieldInput, type FieldType } from '@/lib/domain/docx/values';
import type { FileObject } from '@/lib/schemas/files';
import type { TemplateFieldsAnswer, TemplateFieldView } from '@/lib/schemas/templates';
import { templatesApi, type Option, type Sources } from './api';
import s from './templates.module.css';

const PLACEHOLDER: Record<FieldType, string> = { text: '', money: '0,00', date: 'ДД.ММ.ГГГГ' };

const GROUPS = ['Документ', 'Своя компания', 'Контрагент', 'Калькуляция', 'Итоги', 'Прочие поля'];

/** A client check of one value (the server checks again): Russian message or null. */
const problemOf = (text: string, type: FieldType) => {
  const r = parseFieldInput(text, type);
  return r.ok ? null : r.msg;
};

/** The id of a field's input (for the «Не заполнено» links). */
const fieldId = (name: string) => `tpl-field-${name.replace(/[^\p{L}\p{N}_-]/gu, '-')}`;

/**
 * Field names as buttons that move the focus to their inputs, joined by commas; `end` follows the last
 * one. A comma never starts a line: it is kept with its name.
 */
const fieldLinks = (fields: readonly TemplateFieldView[], focus: (name: string) => void, end: string) =>
  fields.map((f, i) => (
    <span key={f.name}>
      <span className={s.nowrap}>
        <button type="button" className={s.linkButton} onClick={() => focus(f.name)}>
          {fieldLabel(f.name)}
        </button>
        {i < fields.length - 1 ? ',' : end}
      </span>
      {i < fields.length - 1 ? ' ' : ''}
    </span>
  ));

type SourceLists = Awaited<ReturnType<typeof templatesApi.sources>>;

/**
 * `/file/from-template/{fileId}`: the template's placeholders as a form, filled from an own company, a
 * counterparty and a saved cost scenario or a specification; the rest typed by hand. «Сформировать»
 * fills the DOCX on the server, saves it to «Мои документы» and offers the download.
 */
export function FromTemplatePage({ fileId }: { fileId: string }) {
  const toast = useToast();
  const [lists, setLists] = useState<SourceLists | null>(null);
  const [sources, setSources] = useState<Sources>({});
  const [answer, setAnswer] = useState<TemplateFieldsAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** Values typed by hand (they win over the sources and are kept when a source changes). */
  const [typed, setTyped] = useState<Record<string, string>>({});
  /** Loop rows once the user edits them (else the sources' rows are used). */
  const [rows, setRows] = useState<Record<string, Record<string, string>[]>>({});
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ object: FileObject; missing: string[] } | null>(null);

  useEffect(() => {
    const ctl = new AbortController();
    templatesApi
      .sources(ctl.signal)
      .then(setLists)
      .catch((e: unknown) => {
        if (!ctl.signal.aborted) toast.show({ severity: 'warn', summary: 'Списки источников не загрузились', detail: userMessage(e) });
      });
    return () => ctl.abort();
  }, [toast]);

  const sourcesKey = JSON.stringify(sources);
  const loaded = answer !== null;
  useEffect(() => {
    const ctl = new AbortController();
    templatesApi
      .fields(fileId, JSON.parse(sourcesKey) as Sources, ctl.signal)
      .then((a) => {
        setAnswer(a);
        setLoadError(null);
        setErrors({});
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        if (loaded) {
          // The template is shown already: the chosen source is what failed.
          setErrors(isApiError(e) && e.fields ? e.fields : {});
          toast.show({ severity: 'error', summary: 'Источник не подходит', detail: userMessage(e) });
        } else setLoadError(userMessage(e));
      });
    return () => ctl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload on the template and sources only
  }, [fileId, sourcesKey]);

  /** Invoice totals not typed by hand, while the rows are edited: the server recalculates them. */
  const recalculated = (f: TemplateFieldView) => rows.items !== undefined && f.name.startsWith('totals.') && typed[f.name] === undefined;
  const valueOf = (f: TemplateFieldView) => (recalculated(f) ? '' : (typed[f.name] ?? f.value));
  const loopRows = (name: string) => rows[name] ?? answer?.loops.find((l) => l.name === name)?.rows ?? [];

  const groups = useMemo(() => {
    const by = new Map<string, TemplateFieldView[]>();
    for (const f of answer?.fields ?? []) {
      const g = fieldGroup(f.name);
      by.set(g, [...(by.get(g) ?? []), f]);
    }
    return GROUPS.filter((g) => by.has(g)).map((g) => ({ title: g, fields: by.get(g)! }));
  }, [answer]);

  /**
   * What the document lacks before it is made: `gaps` — fields that will stay blank, `dropped` — fields
   * whose phrases the template leaves out when empty (`{?x}…{/x}`), `emptyLoops` — tables with no rows.
   */
  const lacking = useMemo(() => {
    const empty = (answer?.fields ?? []).filter((f) => !isDerivedField(f.name) && !recalculated(f) && valueOf(f).trim() === '');
    return {
      gaps: empty.filter((f) => !f.optional),
      dropped: empty.filter((f) => f.optional),
      emptyLoops: (answer?.loops ?? []).filter((l) => loopRows(l.name).length === 0),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- valueOf/loopRows read these states
  }, [answer, typed, rows]);

  const focusField = (name: string) => document.getElementById(fieldId(name))?.focus();

  const setSource = (key: keyof Sources, value: string | undefined) =>
    setSources((cur) => {
      const next = { ...cur, [key]: value || undefined };
      if (key === 'scenarioId' && value) delete next.specId;
      if (key === 'specId' && value) delete next.scenarioId;
      return next;
    });

  const editField = (f: TemplateFieldView, text: string) => {
    setTyped((t) => ({ ...t, [f.name]: text }));
    setErrors((e) => {
      const { [`values.${f.name}`]: _gone, ...rest } = e;
      const p = problemOf(text, f.type);
      return p ? { ...rest, [`values.${f.name}`]: p } : rest;
    });
  };
  const editRows = (loop: string, next: Record<string, string>[]) => setRows((r) => ({ ...r, [loop]: next }));

  async function generate() {
    if (!answer) return;
    const found: Record<string, string> = {};
    for (const f of answer.fields) {
      const p = typed[f.name] !== undefined ? problemOf(typed[f.name]!, f.type) : null;
      if (p) found[`values.${f.name}`] = p;
    }
    for (const l of answer.loops) {
      loopRows(l.name).forEach((row, i) => {
        for (const f of l.fields) {
          const p = problemOf(row[f.name] ?? '', f.type);
          if (p) found[`loops.${l.name}.${i}.${f.name}`] = p;
        }
      });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.show({ severity: 'error', summary: 'Проверьте поля', detail: 'Исправьте значения, отмеченные красным.' });
      return;
    }
    setBusy(true);
    try {
      const r = await templatesApi.generate({ fileId, ...sources, values: typed, loops: rows, name: name.trim() || undefined });
      setResult({ object: r.object, missing: r.missing });
      toast.show({ severity: 'success', summary: 'Документ готов', detail: r.msg });
    } catch (e) {
      if (isApiError(e) && e.fields) setErrors(e.fields);
      toast.show({ severity: 'error', summary: 'Документ не сформирован', detail: userMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  if (loadError && !answer) {
    return (
      <main className={s.page}>
        <p role="alert">{loadError}</p>
        <Link href="/documents/templates">К шаблонам документов</Link>
      </main>
    );
  }
  if (!answer) return <main className={s.page}>Загрузка шаблона…</main>;

  const sourcePicker = (label: string, key: keyof Sources, options: Option[] | undefined, empty: string) => (
    <label className={s.field}>
      <span>{label}</span>
      <Dropdown
        value={sources[key] ?? null}
        options={options ?? []}
        onChange={(e) => setSource(key, e.value as string | undefined)}
        placeholder={options && options.length === 0 ? empty : 'Не выбрано'}
        showClear
        filter={(options?.length ?? 0) > 8}
        emptyMessage={empty}
        aria-label={label}
        invalid={!!errors[key]}
      />
      {errors[key] && <small className={s.error}>{errors[key]}</small>}
    </label>
  );

  return (
    <main className={s.page}>
      <header className={s.head}>
        <Link href="/documents/templates" aria-label="К шаблонам документов">
          <i className="pi pi-arrow-left" aria-hidden="true" />
        </Link>
        <h1>Документ по шаблону «{answer.template.name.replace(/\.docx$/i, '')}»</h1>
      </header>

      <section className={s.card} aria-label="Откуда заполнить">
        <h2>Откуда заполнить</h2>
        <div className={s.grid}>
          {sourcePicker('Своя компания', 'companyId', lists?.own, 'Нет своих компаний — добавьте на странице «Компании»')}
          {sourcePicker('Контрагент', 'counterpartyId', lists?.counterparties, 'Нет контрагентов')}
          {sourcePicker('Сценарий калькуляции', 'scenarioId', lists?.scenarios, 'Нет сохранённых сценариев')}
          {sourcePicker('Спецификация', 'specId', lists?.specs, 'Нет спецификаций')}
        </div>
      </section>

      {answer.fields.length === 0 && answer.loops.length === 0 && (
        <p className={s.muted}>В шаблоне нет полей вида {'{company.name}'} — документ будет копией шаблона.</p>
      )}

      {groups.map((g) => (
        <section key={g.title} className={s.card} aria-label={g.title}>
          <h2>{g.title}</h2>
          <div className={s.grid}>
            {g.fields.map((f) => {
              const err = errors[`values.${f.name}`];
              return (
                <label key={f.name} className={s.field}>
                  <span>
                    {fieldLabel(f.name)} <code className={s.muted}>{`{${f.name}}`}</code>
                  </span>
                  <InputText
                    id={fieldId(f.name)}
                    value={valueOf(f)}
                    onChange={(e) => editField(f, e.target.value)}
                    placeholder={recalculated(f) ? 'рассчитается по строкам' : isDerivedField(f.name) ? 'подберётся по ФИО' : PLACEHOLDER[f.type]}
                    aria-label={fieldLabel(f.name)}
                    invalid={!!err}
                    inputMode={f.type === 'money' ? 'decimal' : undefined}
                  />
                  {err && <small className={s.error}>{err}</small>}
                </label>
              );
            })}
          </div>
          {g.title === 'Итоги' && answer.loops.length > 0 && <p className={s.muted}>Итоги пересчитываются по строкам таблицы, если не менять их вручную.</p>}
        </section>
      ))}

      {answer.loops.map((l) => {
        const list = loopRows(l.name);
        const blank = Object.fromEntries(l.fields.map((f) => [f.name, '']));
        return (
          <section key={l.name} className={s.card} aria-label={loopLabel(l.name)}>
            <h2>{loopLabel(l.name)}</h2>
            <table className={s.rows}>
              <thead>
                <tr>
                  {l.fields.map((f) => (
                    <th key={f.name}>{fieldLabel(f.name)}</th>
                  ))}
                  <th aria-label="Действия" />
                </tr>
              </thead>
              <tbody>
                {list.map((row, i) => (
                  <tr key={i}>
                    {l.fields.map((f) => {
                      const err = errors[`loops.${l.name}.${i}.${f.name}`];
                      return (
                        <td key={f.name}>
                          <InputText
                            value={row[f.name] ?? ''}
                            onChange={(e) => editRows(l.name, list.map((r, j) => (j === i ? { ...r, [f.name]: e.target.value } : r)))}
                            placeholder={f.name === 'n' ? String(i + 1) : PLACEHOLDER[f.type]}
                            aria-label={`${fieldLabel(f.name)}, строка ${i + 1}`}
                            invalid={!!err}
                          />
                          {err && <small className={s.error}>{err}</small>}
                        </td>
                      );
                    })}
                    <td>
                      <Button
                        type="button"
                        icon="pi pi-trash"
                        text
                        severity="danger"
                        aria-label={`Удалить строку ${i + 1}`}
                        onClick={() => editRows(l.name, list.filter((_r, j) => j !== i))}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Button type="button" icon="pi pi-plus" label="Добавить строку" outlined onClick={() => editRows(l.name, [...list, { ...blank }])} />
            {l.name === 'items' && <p className={s.muted}>Сумма строки = цена × количество, если её не указать.</p>}
          </section>
        );
      })}

      <section className={s.card} aria-label="Сохранение">
        <label className={s.field}>
          <span>Название документа</span>
          <InputText value={name} onChange={(e) => setName(e.target.value)} placeholder="По шаблону, контрагенту и дате" aria-label="Название документа" invalid={!!errors.name} />
          {errors.name && <small className={s.error}>{errors.name}</small>}
        </label>
        {(lacking.gaps.length > 0 || lacking.dropped.length > 0 || lacking.emptyLoops.length > 0) && (
          <div className={s.lacking} role="note" aria-label="Не заполнено" data-testid="template-lacking">
            {(lacking.gaps.length > 0 || lacking.emptyLoops.length > 0) && (
              <p>
                <strong>Не заполнено:</strong> {fieldLinks(lacking.gaps, focusField, lacking.emptyLoops.length > 0 ? ',' : '.')}
                {lacking.gaps.length > 0 && lacking.emptyLoops.length > 0 ? ' ' : ''}
                {lacking.emptyLoops.map((l, i) => `«${loopLabel(l.name)}» — нет строк${i < lacking.emptyLoops.length - 1 ? ', ' : '.'}`).join('')} В
                документе останутся пропуски.
              </p>
            )}
            {lacking.dropped.length > 0 && (
              <p>
                <strong>Нет данных:</strong> {fieldLinks(lacking.dropped, focusField, '.')} Фразы с ними в документ не попадут.
              </p>
            )}
            <p className={s.muted}>Заполните поля выше или сформируйте документ как есть.</p>
          </div>
        )}
        <div className={s.actions}>
          <Button type="button" icon="pi pi-file-word" label="Сформировать документ" loading={busy} onClick={() => void generate()} />
        </div>
        {result && (
          <div className={s.result} role="status">
            <p>
              Документ «{result.object.name}» сохранён в <Link href="/documents">«Мои документы»</Link>.
            </p>
            {result.missing.length > 0 && (
              <p className={s.warn}>Остались пустыми: {result.missing.map(fieldLabel).join(', ')}.</p>
            )}
            <div className={s.actions}>
              <a className="p-button" href={fileUrl(result.object.id, { download: true })} download={result.object.name}>
                <i className="pi pi-download" aria-hidden="true" />
                &nbsp;Скачать DOCX
              </a>
              <Link className="p-button p-button-outlined" href={`/file/${encodeURIComponent(result.object.id)}`}>
                Открыть
              </Link>
            </div>
          </div>
        )}
      </section>
    </main>
  );
}
