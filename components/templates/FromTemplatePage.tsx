'use client';

import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { useToast } from '@/components/layout/ToastProvider';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { fieldGroup, isDerivedField } from '@/lib/domain/docx/labels';
import { parseFieldInput, type FieldType } from '@/lib/domain/docx/values';
import type { FileObject } from '@/lib/schemas/files';
import type { TemplateFieldView } from '@/lib/schemas/templates';
import { templatesApi, type Sources } from './api';
import { fieldId, TemplateFieldGroups, TemplateLoops } from './TemplateFields';
import { TemplateSave, type Lacking } from './TemplateSave';
import { TemplateSources } from './TemplateSources';
import s from './templates.module.css';

const GROUPS = ['Документ', 'Своя компания', 'Контрагент', 'Калькуляция', 'Итоги', 'Прочие поля'];

/** A client check of one value (the server checks again): Russian message or null. */
const problemOf = (text: string, type: FieldType) => {
  const r = parseFieldInput(text, type);
  return r.ok ? null : r.msg;
};

/**
 * `/file/from-template/{fileId}`: the template's placeholders as a form, filled from an own company, a
 * counterparty and a saved cost scenario or a specification; the rest typed by hand. «Сформировать»
 * fills the DOCX on the server, saves it to «Мои документы» and offers the download.
 * This container holds the state and the calls; `TemplateSources`, `TemplateFieldGroups`, `TemplateLoops`
 * and `TemplateSave` draw.
 */
export function FromTemplatePage({ fileId }: { fileId: string }) {
  const toast = useToast();
  const [sources, setSources] = useState<Sources>({});
  /** Values typed by hand (they win over the sources and are kept when a source changes). */
  const [typed, setTyped] = useState<Record<string, string>>({});
  /** Loop rows once the user edits them (else the sources' rows are used). */
  const [rows, setRows] = useState<Record<string, Record<string, string>[]>>({});
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ object: FileObject; missing: string[] } | null>(null);

  const lists = useLoad((signal) => templatesApi.sources(signal), []);
  useEffect(() => {
    if (lists.error) toast.show({ severity: 'warn', summary: 'Списки источников не загрузились', detail: lists.error });
  }, [lists.error, toast]);

  // The fields with the sources' values; when the template is shown already, a failure is the chosen source's.
  const [shown, setShown] = useState(false);
  const template = useLoad(
    async (signal) => {
      try {
        const a = await templatesApi.fields(fileId, sources, signal);
        setErrors({});
        setShown(true);
        return a;
      } catch (e) {
        if (shown && !signal.aborted) {
          setErrors(isApiError(e) && e.fields ? e.fields : {});
          toast.show({ severity: 'error', summary: 'Источник не подходит', detail: userMessage(e) });
        }
        throw e;
      }
    },
    [fileId, JSON.stringify(sources)],
    { keep: true },
  );
  const answer = template.data ?? null;
  const loadError = template.error;

  /** Invoice totals not typed by hand, while the rows are edited: the server recalculates them. */
  const recalculated = (f: TemplateFieldView) => rows.items !== undefined && f.name.startsWith('totals.') && typed[f.name] === undefined;
  const valueOf = (f: TemplateFieldView) => (recalculated(f) ? '' : (typed[f.name] ?? f.value));
  const loopRows = (loop: string) => rows[loop] ?? answer?.loops.find((l) => l.name === loop)?.rows ?? [];

  const groups = useMemo(() => {
    const by = new Map<string, TemplateFieldView[]>();
    for (const f of answer?.fields ?? []) {
      const g = fieldGroup(f.name);
      by.set(g, [...(by.get(g) ?? []), f]);
    }
    return GROUPS.filter((g) => by.has(g)).map((g) => ({ title: g, fields: by.get(g)! }));
  }, [answer]);

  const lacking = useMemo((): Lacking => {
    const empty = (answer?.fields ?? []).filter((f) => !isDerivedField(f.name) && !recalculated(f) && valueOf(f).trim() === '');
    return {
      gaps: empty.filter((f) => !f.optional),
      dropped: empty.filter((f) => f.optional),
      emptyLoops: (answer?.loops ?? []).filter((l) => loopRows(l.name).length === 0),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- valueOf/loopRows read these states
  }, [answer, typed, rows]);

  const focusField = (field: string) => document.getElementById(fieldId(field))?.focus();

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

  return (
    <main className={s.page}>
      <header className={s.head}>
        <Link href="/documents/templates" aria-label="К шаблонам документов">
          <i className="pi pi-arrow-left" aria-hidden="true" />
        </Link>
        <h1>Документ по шаблону «{answer.template.name.replace(/\.docx$/i, '')}»</h1>
      </header>

      <TemplateSources lists={lists.data} sources={sources} errors={errors} onSource={setSource} />

      {answer.fields.length === 0 && answer.loops.length === 0 && (
        <p className={s.muted}>В шаблоне нет полей вида {'{company.name}'} — документ будет копией шаблона.</p>
      )}

      <TemplateFieldGroups groups={groups} hasLoops={answer.loops.length > 0} errors={errors} valueOf={valueOf} recalculated={recalculated} onEdit={editField} />
      <TemplateLoops loops={answer.loops} errors={errors} rowsOf={loopRows} onRows={editRows} />

      <TemplateSave
        name={name}
        onName={setName}
        nameError={errors.name}
        lacking={lacking}
        focusField={focusField}
        busy={busy}
        onGenerate={() => void generate()}
        result={result}
      />
    </main>
  );
}
