'use client';

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { moscowToday } from '@/lib/domain/format/date';
import { useAppRouter } from '@/components/layout/use-app-router';
import { useToast } from '@/components/layout/ToastProvider';
import { DemoPageHeader } from '../DemoPageHeader';
import { newDemoId, useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { checkProfile, PROFILES_KEY, PROFILES_SAMPLE, type ProfileDraft, type ProfileErrors } from './profiles';

const EMPTY: ProfileDraft = { lastName: '', firstName: '', middleName: '', email: '', phone: '', city: '', position: '', birthDate: '' };
const FIELDS: { key: keyof ProfileDraft; label: string; required?: boolean; type?: string; placeholder?: string; autoComplete?: string }[] = [
  { key: 'lastName', label: 'Фамилия', required: true, autoComplete: 'family-name' },
  { key: 'firstName', label: 'Имя', required: true, autoComplete: 'given-name' },
  { key: 'middleName', label: 'Отчество', autoComplete: 'additional-name' },
  { key: 'email', label: 'Электронная почта', required: true, type: 'email', placeholder: 'name@example.ru', autoComplete: 'email' },
  { key: 'phone', label: 'Телефон', type: 'tel', placeholder: '+7 912 345-67-89', autoComplete: 'tel' },
  { key: 'city', label: 'Город' },
  { key: 'position', label: 'Должность' },
];

/** `/profile/create`: a new profile with validation; saved, it opens the list. */
export function ProfileCreate() {
  const { set, reset, error } = useDemoStore(PROFILES_KEY, PROFILES_SAMPLE);
  const router = useAppRouter();
  const toast = useToast();
  const [draft, setDraft] = useState<ProfileDraft>(EMPTY);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [tried, setTried] = useState(false);

  const change = (k: keyof ProfileDraft, v: string) => {
    const next = { ...draft, [k]: v };
    setDraft(next);
    if (tried) setErrors(checkProfile(next, moscowToday()).errors);
  };

  const save = () => {
    setTried(true);
    const r = checkProfile(draft, moscowToday());
    setErrors(r.errors);
    if (!r.value) return;
    const profile = { id: newDemoId('p'), ...r.value };
    set((st) => ({ profiles: [profile, ...st.profiles] }));
    toast.show({ severity: 'success', summary: 'Профиль создан', detail: `${profile.lastName} ${profile.firstName}` });
    router.push('/profile/list');
  };

  return (
    <>
      <DemoPageHeader description="Поля со звёздочкой обязательны. Профиль сохранится в этом браузере." onReset={reset} />
      {error && <p role="alert" className={s.error}>{error}</p>}
      <form
        className={ui.card}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className={s.formGrid}>
          {FIELDS.map((f) => (
            <div key={f.key} className={s.field}>
              <label htmlFor={`profile-${f.key}`}>
                {f.label}
                {f.required && ' *'}
              </label>
              <InputText
                id={`profile-${f.key}`}
                type={f.type ?? 'text'}
                placeholder={f.placeholder}
                autoComplete={f.autoComplete}
                value={draft[f.key]}
                invalid={!!errors[f.key]}
                aria-describedby={errors[f.key] ? `profile-${f.key}-error` : undefined}
                onChange={(e) => change(f.key, e.target.value)}
              />
              {errors[f.key] && (
                <small id={`profile-${f.key}-error`} className={s.error}>
                  {errors[f.key]}
                </small>
              )}
            </div>
          ))}
          <div className={s.field}>
            <label htmlFor="profile-birthDate">Дата рождения</label>
            <InputText
              id="profile-birthDate"
              inputMode="numeric"
              placeholder="дд.мм.гггг"
              value={draft.birthDate}
              invalid={!!errors.birthDate}
              aria-describedby={errors.birthDate ? 'profile-birthDate-error' : undefined}
              onChange={(e) => change('birthDate', e.target.value)}
            />
            {errors.birthDate && (
              <small id="profile-birthDate-error" className={s.error}>
                {errors.birthDate}
              </small>
            )}
          </div>
        </div>
        <div className={s.toolbar}>
          <Button type="submit" label="Создать профиль" icon="pi pi-check" />
          <Button type="button" label="К списку" icon="pi pi-list" text onClick={() => router.push('/profile/list')} />
        </div>
      </form>
    </>
  );
}
