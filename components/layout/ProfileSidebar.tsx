'use client';

import Cookies from 'js-cookie';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useAppRouter } from './use-app-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/client/api-error';
import { call } from '@/lib/client/call';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { logout } from '@/lib/client/session';
import { uploadFile } from '@/lib/client/uploader';
import { NotificationSettings } from '../notifications/NotificationSettings';
import { SideDrawer } from './SideDrawer';
import { useToast } from './ToastProvider';
import type { CallInput, CallOutput } from '@/lib/contract';

type UserInfo = CallOutput<'auth', 'getUserInfo'>['userinfo'];
type Patch = CallInput<'auth', 'updateUserInfo'>['userinfo'];

type Form = Record<'firstName' | 'lastName' | 'patronymic' | 'messengerLink', string>;
const FIELDS: { key: keyof Form; label: string }[] = [
  { key: 'firstName', label: 'Имя' },
  { key: 'lastName', label: 'Фамилия' },
  { key: 'patronymic', label: 'Отчество' },
  { key: 'messengerLink', label: 'Ссылка на мессенджер' },
];

const token = () => Cookies.get('accessToken') ?? '';
/** Addresses made up for accounts that came through Telegram / a provider without an e-mail. */
const placeholderEmail = (email: string) => email.endsWith('@users.invalid');
const NO_PROVIDERS = 'Привязка Яндекс ID, VK ID и Telegram не настроена на этом сервере: обратитесь к администратору.';
const avatarUrl = (id: string) => `/file-manager-service/api/v1/file/${encodeURIComponent(id)}`;

/** The profile panel: e-mail, account-link notice, photo, name and messenger link, notification switches, sign-out. */
export function ProfileSidebar({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const toast = useToast();
  const router = useAppRouter();
  const pathname = usePathname();
  const [confirmSent, setConfirmSent] = useState(false);
  const [sendingConfirm, setSendingConfirm] = useState(false);
  const [linkNotice, setLinkNotice] = useState<string | null>(null);
  const [linkBusy, setLinkBusy] = useState(false);
  const [info, setInfo] = useState<UserInfo | null>(null);
  const [form, setForm] = useState<Form>({ firstName: '', lastName: '', patronymic: '', messengerLink: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [photoBusy, setPhotoBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const accept = (u: UserInfo) => {
    setInfo(u);
    setForm({ firstName: u.firstName ?? '', lastName: u.lastName ?? '', patronymic: u.patronymic ?? '', messengerLink: u.messengerLink ?? '' });
  };

  // Asked each time the panel opens; the answer fills the form (an answer for a panel closed since is dropped).
  const loadError = useLoad(
    async (signal) => {
      const a = await call('auth', 'getUserInfo', { accessToken: token() }, { signal });
      if (!signal.aborted) accept(a.userinfo);
      return a.userinfo;
    },
    [visible],
    { enabled: visible, keep: true },
  ).error;

  const save = async (patch: Patch, okSummary: string) => {
    const a = await call('auth', 'updateUserInfo', { accessToken: token(), userinfo: patch });
    accept(a.userinfo);
    toast.show({ severity: 'success', summary: okSummary, detail: a.msg });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await save({ ...form, messengerLink: form.messengerLink.trim() }, 'Профиль сохранён');
    } catch (err) {
      if (isApiError(err) && err.fields) {
        setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/^userinfo\./, ''), String(v)])));
      }
      toast.show({ severity: 'error', summary: 'Не удалось сохранить', detail: userMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  /**
   * Deletes a replaced or removed photo from the file manager — only an `avatars` object of the user's own
   * (never a document someone pointed the profile at). Best effort: a leftover photo is harmless.
   */
  const dropAvatar = async (id: string) => {
    try {
      const a = await call('files', 'getFileInfo', { id });
      if (a.object.type === 'avatars' && a.object.access === 'owner') await call('files', 'deleteFiles', { ids: [id] });
    } catch {
      // already gone, or not ours
    }
  };

  const uploadPhoto = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      toast.show({ severity: 'warn', summary: 'Нужна картинка', detail: 'Выберите файл JPEG, PNG или WebP.' });
      return;
    }
    setPhotoBusy(true);
    const previous = info?.avatarFileId ?? null;
    try {
      const object = await uploadFile(file, { type: 'avatars' });
      try {
        await save({ avatarFileId: object.id }, 'Фото обновлено');
      } catch (err) {
        await dropAvatar(object.id); // not in the profile: do not leave it behind
        throw err;
      }
      if (previous && previous !== object.id) await dropAvatar(previous);
    } catch (err) {
      toast.show({ severity: 'error', summary: 'Фото не загружено', detail: err instanceof Error && !isApiError(err) ? err.message : userMessage(err) });
    } finally {
      setPhotoBusy(false);
    }
  };

  const removePhoto = async () => {
    setPhotoBusy(true);
    const previous = info?.avatarFileId ?? null;
    try {
      await save({ avatarFileId: null }, 'Фото удалено');
      if (previous) await dropAvatar(previous);
    } catch (err) {
      toast.show({ severity: 'error', summary: 'Не удалось удалить фото', detail: userMessage(err) });
    } finally {
      setPhotoBusy(false);
    }
  };

  const resendConfirmation = async () => {
    setSendingConfirm(true);
    try {
      const a = await call('auth', 'sendEmailConfirmationLink', { accessToken: token() });
      setConfirmSent(true);
      toast.show({ severity: 'success', summary: 'Письмо отправлено', detail: a.msg });
    } catch (err) {
      toast.show({ severity: 'error', summary: 'Письмо не отправлено', detail: userMessage(err) });
    } finally {
      setSendingConfirm(false);
    }
  };

  const linkPage = `/auth?link=1&next=${encodeURIComponent(pathname || '/')}`;
  // «Привязать»: the /auth page in linking mode, or an explanation when this server has no provider.
  const startLinking = async () => {
    setLinkBusy(true);
    setLinkNotice(null);
    const go = () => router.push(linkPage);
    try {
      const a = await call('auth', 'getLoginProviders');
      if (a.providers.length === 0) setLinkNotice(NO_PROVIDERS);
      else go();
    } catch {
      go(); // an upstream without this call: the /auth page knows what is configured
    } finally {
      setLinkBusy(false);
    }
  };

  const linked = info ? info.linkedAccounts.length > 0 : true;

  return (
    <SideDrawer visible={visible} onHide={onHide} title="Профиль" position="right" className="layout-profile">
      <p className="profile-email" data-testid="profile-email">
        {info ? info.email : loadError ? '' : 'Загрузка…'}
      </p>
      {loadError && <Message severity="error" text={loadError} />}
      {info && !linked && (
        <div className="profile-link-notice" role="alert">
          <span>Аккаунт не привязан!</span>
          <Link
            className="p-button p-button-sm p-button-danger p-component"
            href={linkPage}
            data-no-progress
            aria-busy={linkBusy}
            onClick={(e) => {
              e.preventDefault();
              if (!linkBusy) void startLinking();
            }}
          >
            <span className="p-button-label">Привязать</span>
          </Link>
        </div>
      )}
      {linkNotice && (
        <div data-testid="profile-link-unavailable">
          <Message severity="info" text={linkNotice} />
        </div>
      )}
      {info && !info.emailConfirmed && !placeholderEmail(info.email) && (
        <div className="profile-link-notice" role="status" data-testid="profile-confirm-email">
          <span>{confirmSent ? 'Письмо отправлено — откройте ссылку из него.' : 'Подтвердите почту'}</span>
          <Button
            type="button"
            label={confirmSent ? 'Отправить ещё раз' : 'Отправить письмо'}
            size="small"
            outlined
            loading={sendingConfirm}
            onClick={() => void resendConfirmation()}
          />
        </div>
      )}
      {info && (
        <>
          <div className="profile-photo">
            {info.avatarFileId ? (
              // eslint-disable-next-line @next/next/no-img-element -- served by the file manager with the cookie
              <img src={avatarUrl(info.avatarFileId)} alt="Фото профиля" width={96} height={96} />
            ) : (
              <span className="profile-photo-empty" aria-label="Фото не загружено" role="img">
                <i className="pi pi-user" aria-hidden="true" />
              </span>
            )}
            <div className="profile-photo-actions">
              <Button type="button" label="Удалить" size="small" outlined severity="secondary" disabled={!info.avatarFileId || photoBusy} onClick={() => void removePhoto()} />
              <Button type="button" label="Изменить" size="small" outlined loading={photoBusy} onClick={() => fileInput.current?.click()} />
              <input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                hidden
                aria-label="Файл фото профиля"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  e.target.value = '';
                  if (f) void uploadPhoto(f);
                }}
              />
            </div>
          </div>
          <form className="profile-form" onSubmit={(e) => void onSubmit(e)} noValidate>
            {FIELDS.map((f) => (
              <div key={f.key} className="profile-field">
                <label htmlFor={`profile-${f.key}`}>{f.label}</label>
                <InputText
                  id={`profile-${f.key}`}
                  value={form[f.key]}
                  invalid={Boolean(errors[f.key])}
                  aria-describedby={errors[f.key] ? `profile-${f.key}-error` : undefined}
                  onChange={(e) => setForm((x) => ({ ...x, [f.key]: e.target.value }))}
                />
                {errors[f.key] && (
                  <small id={`profile-${f.key}-error`} className="p-error">
                    {errors[f.key]}
                  </small>
                )}
              </div>
            ))}
            <Button type="submit" label="Сохранить" icon="pi pi-check" loading={saving} />
          </form>
          <NotificationSettings />
        </>
      )}
      <Link href="/demo" className="profile-demo" onClick={onHide}>
        <i className="pi pi-th-large" aria-hidden="true" />
        Демо-страницы
      </Link>
      <Button type="button" label="Выйти" icon="pi pi-sign-out" severity="secondary" text className="profile-signout" onClick={() => void logout()} />
    </SideDrawer>
  );
}
