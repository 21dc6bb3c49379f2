'use client';

import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { formatIsoDate } from '@/lib/domain/format/date';
import { dec, formatMoney, sum } from '@/lib/domain/money';
import { useToast } from '@/components/layout/ToastProvider';
import { DemoPageHeader } from '../DemoPageHeader';
import { newDemoId, useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { addTransaction, BANKING_SAMPLE, CATEGORIES, totalBalance, totalsByMonth, type Transaction } from './banking';
import { IncomeChart } from './IncomeChart';
import { OperationDialog } from './OperationDialog';

type Kind = 'all' | 'in' | 'out';
const norm = (t: string) => t.toLocaleLowerCase('ru').replace(/ё/g, 'е');

/** `/dashboard-banking`: accounts and cards, income and expense by month, operations with filters and search. */
export function BankingDashboard() {
  const { state, set, reset, error } = useDemoStore('banking', BANKING_SAMPLE);
  const toast = useToast();
  const [kind, setKind] = useState<Kind>('all');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);

  const q = norm(search.trim());
  const rows = state.transactions.filter(
    (t) =>
      (kind === 'all' || (kind === 'in') === !t.amount.startsWith('-')) &&
      (!accountId || t.accountId === accountId) &&
      (!category || t.category === category) &&
      (!q || norm(`${t.description} ${t.category}`).includes(q)),
  );
  const months = totalsByMonth(state.transactions).slice(-6);
  const shownSum = sum(rows.map((t) => t.amount));
  const accountName = (id: string) => state.accounts.find((a) => a.id === id)?.name ?? '—';

  const save = (t: Omit<Transaction, 'id'>) => {
    set((st) => addTransaction(st, { id: newDemoId('t'), ...t }));
    setAdding(false);
    toast.show({ severity: 'success', summary: 'Операция добавлена', detail: `${t.description}: ${formatMoney(t.amount)}` });
  };

  return (
    <>
      <DemoPageHeader description={`Всего на счетах: ${formatMoney(totalBalance(state.accounts))}. Данные — образец, изменения хранятся в этом браузере.`} onReset={reset}>
        <Button label="Новая операция" icon="pi pi-plus" onClick={() => setAdding(true)} />
      </DemoPageHeader>
      {error && <p role="alert" className={s.error}>{error}</p>}
      <section className={s.tiles} aria-label="Счета">
        {state.accounts.map((a) => (
          <div key={a.id} className={s.tile}>
            <div className={s.muted}>{a.name}</div>
            <div className={`${s.big} ${s.money}`}>{formatMoney(a.balance)}</div>
            <div className={`${s.small} ${s.muted}`}>
              {a.bank}, № {a.number}
            </div>
          </div>
        ))}
      </section>
      <div className={ui.grid}>
        <section className={ui.card} aria-labelledby="bank-chart">
          <h2 id="bank-chart">Доходы и расходы по месяцам</h2>
          <IncomeChart months={months} />
        </section>
        <section className={ui.card} aria-labelledby="bank-cards">
          <h2 id="bank-cards">Карты</h2>
          {state.cards.map((c) => {
            const used = dec(c.spent).div(c.limit).times(100).toDecimalPlaces(0).toNumber();
            return (
              <div key={c.id} style={{ background: c.color, color: '#fff', borderRadius: 12, padding: '1rem', marginBottom: '1rem' }}>
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: '0.5rem', flexWrap: 'wrap' }}>
                  <strong>{c.name}</strong>
                  <span>{c.system}</span>
                </div>
                <div style={{ fontSize: '1.2rem', letterSpacing: '0.1em', margin: '0.75rem 0' }}>•••• {c.last4}</div>
                <div className={s.small}>
                  {c.holder} · до {c.expires}
                </div>
                <div className={s.small} style={{ margin: '0.5rem 0 0.35rem' }}>
                  Потрачено {formatMoney(c.spent)} из {formatMoney(c.limit)}
                </div>
                <ProgressBar value={used} showValue={false} style={{ height: 6 }} aria-label={`Лимит использован на ${used} %`} />
              </div>
            );
          })}
        </section>
      </div>
      <section className={ui.card} aria-labelledby="bank-ops">
        <h2 id="bank-ops">Операции</h2>
        <div className={s.toolbar}>
          <SelectButton
            value={kind}
            options={[
              { label: 'Все', value: 'all' },
              { label: 'Доходы', value: 'in' },
              { label: 'Расходы', value: 'out' },
            ]}
            onChange={(e) => e.value && setKind(e.value as Kind)}
            aria-label="Вид операций"
          />
          <Dropdown value={accountId} options={state.accounts} optionLabel="name" optionValue="id" placeholder="Все счета" showClear onChange={(e) => setAccountId((e.value as string) ?? null)} aria-label="Счёт" />
          <Dropdown value={category} options={CATEGORIES} placeholder="Все категории" showClear onChange={(e) => setCategory((e.value as string) ?? null)} aria-label="Категория" />
          <IconField iconPosition="left" className={s.grow}>
            <InputIcon className="pi pi-search" />
            <InputText className={s.full} placeholder="Поиск по назначению" aria-label="Поиск операций" value={search} onChange={(e) => setSearch(e.target.value)} />
          </IconField>
        </div>
        <p className={s.muted}>
          Найдено операций: {rows.length}, итог <span className={s.money}>{formatMoney(shownSum)}</span>
        </p>
        <DataTable value={rows} dataKey="id" paginator rows={10} stripedRows emptyMessage="Операций не нашли." tableStyle={{ minWidth: '44rem' }} sortField="date" sortOrder={-1}>
          <Column field="date" header="Дата" sortable body={(t: Transaction) => formatIsoDate(t.date)} />
          <Column field="description" header="Назначение" />
          <Column field="category" header="Категория" sortable />
          <Column header="Счёт" body={(t: Transaction) => accountName(t.accountId)} />
          <Column
            header="Сумма"
            align="right"
            body={(t: Transaction) => <span className={`${s.money} ${t.amount.startsWith('-') ? s.minus : s.plus}`}>{formatMoney(t.amount)}</span>}
          />
        </DataTable>
      </section>
      <OperationDialog accounts={state.accounts} visible={adding} onHide={() => setAdding(false)} onSave={save} />
    </>
  );
}
