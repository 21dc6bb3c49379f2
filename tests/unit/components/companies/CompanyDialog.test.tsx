import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyDialog } from '@/components/companies/CompanyDialog';
import { ToastProvider } from '@/components/layout/ToastProvider';

type Call = { url: string; body: Record<string, unknown> };
let calls: Call[];
let answer: (c: Call) => { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  answer = () => ({ status: 200, body: { ok: true, msg: 'Готово', duplicates: [], warning: null } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const c = { url, body: JSON.parse(String(init.body ?? '{}')) as Record<string, unknown> };
      calls.push(c);
      const a = answer(c);
      return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Types a whole value at once (userEvent per key is too slow on a busy machine). */
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

const renderDialog = (onSaved = vi.fn()) =>
  render(
    <ToastProvider>
      <CompanyDialog company={null} open onClose={() => {}} onSaved={onSaved} />
    </ToastProvider>,
  );

describe('CompanyDialog', { timeout: 20_000 }, () => {
  it('shows a wrong ИНН when the field is left and clears it when fixed', async () => {
    renderDialog();
    const inn = screen.getByLabelText('ИНН');
    type(inn, '7707083894');
    expect(screen.queryByText(/Неверное контрольное число ИНН/)).toBeNull();
    fireEvent.blur(inn);
    expect(await screen.findByText('Неверное контрольное число ИНН — проверьте, нет ли опечатки.')).toBeVisible();
    expect(inn).toHaveAttribute('aria-invalid', 'true');
    type(inn, '7707083893');
    expect(screen.queryByText(/Неверное контрольное число ИНН/)).toBeNull();
  });

  it('does not send an invalid form; shows every error on «Сохранить»', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Укажите полное наименование.')).toBeVisible();
    expect(screen.getByText('Укажите ИНН.')).toBeVisible();
    expect(screen.getByText('Исправьте поля, отмеченные красным.')).toBeVisible();
    expect(calls.filter((c) => c.url.endsWith('companies/create'))).toHaveLength(0);
  });

  it('warns about an existing ИНН + КПП and sends a clean company', async () => {
    answer = (c) =>
      c.url.endsWith('companies/duplicates')
        ? { status: 200, body: { ok: true, msg: 'Готово', duplicates: [{ id: 'x', fullName: 'ООО «Старая»' }], warning: 'Компания с таким ИНН и КПП уже есть: «ООО «Старая»».' } }
        : { status: 200, body: { ok: true, msg: 'Компания сохранена.', company: { id: 'n' }, duplicates: [] } };
    const onSaved = vi.fn();
    renderDialog(onSaved);
    type(screen.getByLabelText('Полное наименование'), 'ООО «Новая»');
    type(screen.getByLabelText('ИНН'), '7736207543');
    type(screen.getByLabelText('КПП'), '770401001');
    expect(await screen.findByText('Компания с таким ИНН и КПП уже есть: «ООО «Старая»».')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 'n' }));
    const sent = calls.find((c) => c.url.endsWith('companies/create'))!.body;
    expect(sent).toMatchObject({ fullName: 'ООО «Новая»', inn: '7736207543', kpp: '770401001', kind: 'legal', costing: null });
  });

  it('shows the server’s field errors of a 422', async () => {
    answer = (c) =>
      c.url.endsWith('companies/create')
        ? { status: 422, body: { ok: false, code: 'VALIDATION_ERROR', msg: 'Проверьте введённые данные.', fields: { phone: 'Телефон: цифры, пробелы, скобки, «+» и «-».' } } }
        : { status: 200, body: { ok: true, msg: 'Готово', duplicates: [], warning: null } };
    renderDialog();
    type(screen.getByLabelText('Полное наименование'), 'ООО «Новая»');
    type(screen.getByLabelText('ИНН'), '7736207543');
    await act(async () => {
      fireEvent.submit(document.getElementById('company-form')!);
    });
    expect(await screen.findByText('Телефон: цифры, пробелы, скобки, «+» и «-».')).toBeVisible();
  });
});
