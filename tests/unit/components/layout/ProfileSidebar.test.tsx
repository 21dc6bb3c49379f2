import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { authApi, filesApi, uploadFile, show } = vi.hoisted(() => ({
  authApi: vi.fn(),
  filesApi: vi.fn(),
  uploadFile: vi.fn(),
  show: vi.fn(),
}));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn() }), usePathname: () => '/' }));
// The service answers: `call(service, name, input)` is the edge the sidebar talks through.
// The notification switches load on their own (no kinds here); the photo's calls are judged in order.
const notyApi = async () => ({ ok: true, msg: 'Настройки уведомлений', kinds: [] });
vi.mock('@/lib/client/call', () => ({
  call: (service: string, name: string, input: unknown) => (service === 'auth' ? authApi : service === 'noty' ? notyApi : filesApi)(name, input),
}));
vi.mock('@/lib/client/uploader', () => ({ uploadFile }));
vi.mock('@/components/layout/ToastProvider', () => ({ useToast: () => ({ show }) }));

import { ProfileSidebar } from '@/components/layout/ProfileSidebar';

const userinfo = (avatarFileId: string | null) => ({
  sub: 'u1',
  email: 'a@example.ru',
  firstName: 'Анна',
  lastName: '',
  patronymic: '',
  messengerLink: '',
  avatarFileId,
  emailConfirmed: true,
  linkedAccounts: [{ provider: 'yandex' }],
});

let avatar: string | null;
let fileTypes: Record<string, string>;
let order: string[];

beforeEach(() => {
  avatar = 'old-avatar';
  fileTypes = { 'old-avatar': 'avatars', 'new-avatar': 'avatars', 'a-document': 'documents' };
  order = [];
  show.mockReset();
  authApi.mockReset().mockImplementation(async (name: string, body: { userinfo?: { avatarFileId?: string | null } }) => {
    order.push(name);
    if (name === 'updateUserInfo' && body.userinfo && 'avatarFileId' in body.userinfo) avatar = body.userinfo.avatarFileId ?? null;
    return { ok: true, msg: 'Готово', userinfo: userinfo(avatar) };
  });
  filesApi.mockReset().mockImplementation(async (name: string, body: { id?: string; ids?: string[] }) => {
    order.push(`${name}:${body.id ?? body.ids?.join(',') ?? ''}`);
    if (name === 'getFileInfo') return { object: { id: body.id, type: fileTypes[body.id!], access: 'owner' }, path: [] };
    return { deleted: 1 };
  });
  uploadFile.mockReset().mockImplementation(async () => {
    order.push('uploadFile');
    return { id: 'new-avatar', type: 'avatars' };
  });
});

const open = async () => {
  render(<ProfileSidebar visible onHide={() => undefined} />);
  return screen.findByRole('button', { name: 'Изменить' });
};
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Файл фото профиля'), { target: { files: [file] } });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'я.png', { type: 'image/png' });

describe('ProfileSidebar photo', { timeout: 20_000 }, () => {
  it('«Изменить» uploads through the shared uploader, saves the new id, then deletes the old avatar', async () => {
    await open();
    choose(png());
    await waitFor(() => expect(order).toContain('deleteFiles:old-avatar'));
    expect(uploadFile).toHaveBeenCalledWith(expect.any(File), { type: 'avatars' });
    expect(authApi).toHaveBeenCalledWith('updateUserInfo', expect.objectContaining({ userinfo: { avatarFileId: 'new-avatar' } }));
    expect(order.slice(order.indexOf('uploadFile'))).toEqual(['uploadFile', 'updateUserInfo', 'getFileInfo:old-avatar', 'deleteFiles:old-avatar']);
    expect(order).not.toContain('deleteFiles:new-avatar');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ severity: 'success', summary: 'Фото обновлено' }));
  });

  it('when saving the profile fails, the new upload is deleted and the old avatar kept', async () => {
    await open();
    authApi.mockImplementation(async (name: string) => {
      order.push(name);
      if (name === 'updateUserInfo') throw new Error('нет связи');
      return { ok: true, msg: 'Готово', userinfo: userinfo(avatar) };
    });
    choose(png());
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ severity: 'error', summary: 'Фото не загружено' })));
    expect(order).toContain('deleteFiles:new-avatar');
    expect(order).not.toContain('deleteFiles:old-avatar');
  });

  it('«Удалить» clears the profile photo and deletes the avatar object', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(order).toContain('deleteFiles:old-avatar'));
    expect(authApi).toHaveBeenCalledWith('updateUserInfo', expect.objectContaining({ userinfo: { avatarFileId: null } }));
    expect(order.indexOf('updateUserInfo')).toBeLessThan(order.indexOf('deleteFiles:old-avatar'));
    expect(await screen.findByRole('img', { name: 'Фото не загружено' })).toBeTruthy();
  });

  it('never deletes an object that is not an avatar', async () => {
    avatar = 'a-document';
    await open();
    const change = screen.getByRole('button', { name: 'Изменить' });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(change).toBeDisabled(); // the photo is busy until the removal, its clean-up included, is over
    await waitFor(() => expect(order).toContain('getFileInfo:a-document'));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ summary: 'Фото удалено' })));
    await waitFor(() => expect(change).toBeEnabled());
    expect(order.some((o) => o.startsWith('deleteFiles'))).toBe(false);
  });

  it('refuses a file that is not a picture without uploading', async () => {
    await open();
    choose(new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ severity: 'warn', summary: 'Нужна картинка' }));
    expect(uploadFile).not.toHaveBeenCalled();
  });
});
