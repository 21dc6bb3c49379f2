'use client';

import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState, type ReactNode } from 'react';
import { formatMoney, sum } from '@/lib/domain/money';
import { plural } from '@/lib/domain/format/plural';
import { useToast } from '@/components/layout/ToastProvider';
import { DemoPageHeader } from '../DemoPageHeader';
import { newDemoId, useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { CATEGORIES, checkProduct, draftOf, PRODUCTS_SAMPLE, productsCsv, stockOf, stockValue, type Product, type ProductDraft, type ProductErrors } from './products';

const FORMS = ['товар', 'товара', 'товаров'] as const;
const norm = (t: string) => t.toLocaleLowerCase('ru').replace(/ё/g, 'е');

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `/pages/crud`: products — create, edit, delete one or many in dialogs, with validation; CSV for Excel. */
export function CrudPage() {
  const { state, set, reset, error } = useDemoStore('crud', PRODUCTS_SAMPLE);
  const toast = useToast();
  const [selected, setSelected] = useState<Product[]>([]);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ id: string | null; draft: ProductDraft } | null>(null);
  const [errors, setErrors] = useState<ProductErrors>({});
  const [deleting, setDeleting] = useState<Product[] | null>(null);

  const q = norm(search.trim());
  const rows = state.products.filter((p) => !q || norm(`${p.code} ${p.name} ${p.category}`).includes(q));

  const open = (p: Product | null) => {
    setErrors({});
    setEditing({ id: p?.id ?? null, draft: draftOf(p) });
  };
  const change = (k: keyof ProductDraft, v: string) => editing && setEditing({ ...editing, draft: { ...editing.draft, [k]: v } });

  const save = () => {
    if (!editing) return;
    const others = state.products.filter((p) => p.id !== editing.id);
    const r = checkProduct(editing.draft, others);
    setErrors(r.errors);
    if (!r.value) return;
    const value = r.value;
    if (editing.id) set((st) => ({ products: st.products.map((p) => (p.id === editing.id ? { ...p, ...value } : p)) }));
    else set((st) => ({ products: [{ id: newDemoId('pr'), ...value }, ...st.products] }));
    toast.show({ severity: 'success', summary: editing.id ? 'Товар изменён' : 'Товар добавлен', detail: value.name });
    setEditing(null);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const ids = new Set(deleting.map((p) => p.id));
    set((st) => ({ products: st.products.filter((p) => !ids.has(p.id)) }));
    setSelected((sel) => sel.filter((p) => !ids.has(p.id)));
    toast.show({ severity: 'success', summary: `Удалено: ${deleting.length} ${plural(deleting.length, FORMS)}` });
    setDeleting(null);
  };

  const total = sum(state.products.map(stockValue));
  const field = (k: keyof ProductDraft, label: string, input: ReactNode) => (
    <div className={s.field}>
      <label htmlFor={`product-${k}`}>{label}</label>
      {input}
      {errors[k] && (
        <small id={`product-${k}-error`} className={s.error}>
          {errors[k]}
        </small>
      )}
    </div>
  );
  const text = (k: keyof ProductDraft, extra?: { inputMode?: 'decimal' | 'numeric' }) => (
    <InputText
      id={`product-${k}`}
      value={editing?.draft[k] ?? ''}
      invalid={!!errors[k]}
      aria-describedby={errors[k] ? `product-${k}-error` : undefined}
      onChange={(e) => change(k, e.target.value)}
      {...extra}
    />
  );

  return (
    <>
      <DemoPageHeader description={`${state.products.length} ${plural(state.products.length, FORMS)} на складе на ${formatMoney(total)}.`} onReset={reset} />
      {error && <p role="alert" className={s.error}>{error}</p>}
      <div className={ui.card}>
        <div className={s.toolbar}>
          <Button label="Новый товар" icon="pi pi-plus" onClick={() => open(null)} />
          <Button label="Удалить выбранные" icon="pi pi-trash" severity="danger" outlined disabled={!selected.length} onClick={() => setDeleting(selected)} />
          <Button label="Экспорт в CSV" icon="pi pi-download" severity="secondary" outlined onClick={() => download('товары.csv', productsCsv(state.products))} />
          <IconField iconPosition="left" className={s.grow}>
            <InputIcon className="pi pi-search" />
            <InputText className={s.full} placeholder="Поиск товара" aria-label="Поиск товара" value={search} onChange={(e) => setSearch(e.target.value)} />
          </IconField>
        </div>
        <DataTable
          value={rows}
          dataKey="id"
          selectionMode="checkbox"
          selection={selected}
          onSelectionChange={(e) => setSelected(e.value as Product[])}
          paginator
          rows={10}
          emptyMessage="Товаров нет."
          tableStyle={{ minWidth: '52rem' }}
        >
          <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
          <Column field="code" header="Артикул" sortable />
          <Column field="name" header="Наименование" sortable />
          <Column field="category" header="Категория" sortable />
          <Column header="Цена" body={(p: Product) => <span className={s.money}>{formatMoney(p.price)}</span>} sortable sortField="price" align="right" />
          <Column field="quantity" header="Кол-во" sortable align="right" />
          <Column header="Наличие" body={(p: Product) => <Tag severity={stockOf(p.quantity).severity} value={stockOf(p.quantity).label} />} />
          <Column
            header="Действия"
            body={(p: Product) => (
              <div className={s.actions}>
                <Button icon="pi pi-pencil" rounded text aria-label={`Изменить «${p.name}»`} onClick={() => open(p)} />
                <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Удалить «${p.name}»`} onClick={() => setDeleting([p])} />
              </div>
            )}
          />
        </DataTable>
      </div>

      <Dialog
        header={editing?.id ? 'Изменить товар' : 'Новый товар'}
        visible={!!editing}
        onHide={() => setEditing(null)}
        style={{ width: 'min(34rem, 95vw)' }}
        footer={
          <>
            <Button label="Отмена" text onClick={() => setEditing(null)} />
            <Button label="Сохранить" icon="pi pi-check" onClick={save} />
          </>
        }
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          {field('name', 'Наименование', text('name'))}
          <div className={s.formGrid}>
            {field('code', 'Артикул', text('code'))}
            {field(
              'category',
              'Категория',
              <Dropdown
                inputId="product-category"
                value={editing?.draft.category ?? ''}
                options={CATEGORIES}
                placeholder="Выберите"
                invalid={!!errors.category}
                onChange={(e) => change('category', e.value as string)}
              />,
            )}
            {field('price', 'Цена, ₽', text('price', { inputMode: 'decimal' }))}
            {field('quantity', 'Количество', text('quantity', { inputMode: 'numeric' }))}
          </div>
          <button type="submit" hidden />
        </form>
      </Dialog>

      <Dialog
        header="Удалить товары?"
        visible={!!deleting}
        onHide={() => setDeleting(null)}
        style={{ width: 'min(28rem, 95vw)' }}
        footer={
          <>
            <Button label="Отмена" text onClick={() => setDeleting(null)} autoFocus />
            <Button label="Удалить" icon="pi pi-trash" severity="danger" onClick={confirmDelete} />
          </>
        }
      >
        {deleting && deleting.length === 1 ? (
          <p>Удалить «{deleting[0]!.name}»?</p>
        ) : (
          <p>
            Удалить {deleting?.length} {plural(deleting?.length ?? 0, FORMS)}?
          </p>
        )}
      </Dialog>
    </>
  );
}
