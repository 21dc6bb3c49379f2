'use client';

import { Dialog } from 'primereact/dialog';
import { DialogFooter } from '@/components/layout/DialogFooter';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { cleanKpp, cleanRequisite } from '@/lib/domain/requisites';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import type { Company } from '@/lib/schemas/companies';
import { useToast } from '@/components/layout/ToastProvider';
import { companiesApi } from './api';
import { BankAccountsEditor } from './BankAccountsEditor';
import { CostingFields } from './CostingFields';
import { FolderLink } from './FolderLink';
import type { FormParts } from './form-context';
import { bodyOf, emptyForm, formErrors, formOf, innReady, type CompanyForm } from './form-model';
import { RequisitesFields } from './RequisitesFields';
import s from './companies.module.css';

/**
 * The company card: create or edit in a dialog. Реквизиты are checked live (the same rules as the
 * server); a field's error shows once it has been left or after «Сохранить»; the server's 422 fields and
 * a 409 (changed elsewhere) are shown too. An ИНН + КПП that already exists is a warning, not an error.
 */
export function CompanyDialog({
  company,
  open,
  onClose,
  onSaved,
}: {
  /** null = a new company. */
  company: Company | null;
  open: boolean;
  onClose: () => void;
  onSaved: (c: Company) => void;
}) {
  const toast = useToast();
  const [form, setForm] = useState<CompanyForm>(() => (company ? formOf(company) : emptyForm()));
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const live = useMemo(() => formErrors(form), [form]);

  // The ИНН + КПП warning, asked when the ИНН is complete.
  const inn = cleanRequisite(form.inn);
  const kpp = cleanKpp(form.kpp);
  const ready = innReady(form) && !live.inn && !live.kpp;
  // Asked 300 ms after the last keystroke; the last answer stays shown while the fields change (a failed
  // question clears it).
  const duplicates = useLoad(
    (signal) => companiesApi.duplicates(inn, kpp, company?.id, signal).then((r) => r.warning, () => null),
    [inn, kpp, company?.id],
    { enabled: open && ready, delayMs: 300, keep: true },
  );
  const duplicate = duplicates.data ?? null;

  const parts: FormParts = {
    form,
    set: (patch) => {
      setForm((f) => ({ ...f, ...patch }));
      setServerErrors({});
    },
    err: (path) => ((touched.has(path) || submitted) && live[path]) || serverErrors[path],
    touch: (path) => setTouched((t) => (t.has(path) ? t : new Set(t).add(path))),
  };

  async function save() {
    setSubmitted(true);
    setFormMessage(null);
    if (Object.keys(live).length > 0) {
      setFormMessage('Исправьте поля, отмеченные красным.');
      return;
    }
    setSaving(true);
    try {
      const body = bodyOf(form);
      const r = company
        ? await companiesApi.update({ ...body, id: company.id, version: company.version })
        : await companiesApi.create(body);
      toast.show({
        severity: r.duplicates.length > 0 ? 'warn' : 'success',
        summary: r.duplicates.length > 0 ? 'Сохранено, но есть дубль' : 'Сохранено',
        detail: r.msg,
      });
      onSaved(r.company);
    } catch (e) {
      if (isApiError(e) && e.code === 'VALIDATION_ERROR' && e.fields) {
        setServerErrors(e.fields);
        setFormMessage('Исправьте поля, отмеченные красным.');
      } else if (isApiError(e) && e.code === 'CONFLICT') {
        setFormMessage(`${e.message} Закройте карточку и откройте её снова — правки из этого окна не сохранены.`);
      } else setFormMessage(userMessage(e));
    } finally {
      setSaving(false);
    }
  }

  const title = company ? `Компания: ${company.shortName || company.fullName}` : 'Новая компания';
  return (
    <Dialog
      header={title}
      visible={open}
      onHide={onClose}
      style={{ width: 'min(60rem, 96vw)' }}
      maximizable
      footer={<DialogFooter label="Сохранить" onCancel={onClose} form="company-form" loading={saving} />}
    >
      <form
        id="company-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {duplicate && <Message severity="warn" className={s.warning} text={duplicate} />}
        {formMessage && <Message severity="error" className={s.warning} text={formMessage} />}
        <RequisitesFields {...parts} />
        <BankAccountsEditor {...parts} />
        {form.isOwn && <CostingFields {...parts} />}
        {company && <FolderLink company={company} />}
      </form>
    </Dialog>
  );
}
