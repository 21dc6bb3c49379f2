'use client';

import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { formatIsoDate } from '@/lib/domain/format/date';
import { plural } from '@/lib/domain/format/plural';
import { DemoPageHeader } from '../DemoPageHeader';
import { useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { PROFILES_KEY, PROFILES_SAMPLE, type Profile } from './profiles';
import { LinkButton } from '../LinkButton';

const norm = (t: string) => t.toLocaleLowerCase('ru').replace(/ё/g, 'е');
const fullName = (p: Profile) => [p.lastName, p.firstName, p.middleName].filter(Boolean).join(' ');

/** `/profile/list`: the profiles, searchable by name, e-mail, phone, city and position. */
export function ProfileList() {
  const { state, reset, error } = useDemoStore(PROFILES_KEY, PROFILES_SAMPLE);
  const [search, setSearch] = useState('');
  const q = norm(search.trim());
  const rows = state.profiles.filter((p) => !q || norm(`${fullName(p)} ${p.email} ${p.phone} ${p.city} ${p.position}`).includes(q));
  const n = state.profiles.length;

  return (
    <>
      <DemoPageHeader description={`${n} ${plural(n, ['профиль', 'профиля', 'профилей'])}.`} onReset={reset}>
        <LinkButton href="/profile/create" label="Новый профиль" icon="pi-plus" />
      </DemoPageHeader>
      {error && <p role="alert" className={s.error}>{error}</p>}
      <div className={ui.card}>
        <div className={s.toolbar}>
          <IconField iconPosition="left" className={s.grow}>
            <InputIcon className="pi pi-search" />
            <InputText className={s.full} placeholder="Поиск по имени, почте, городу" aria-label="Поиск профиля" value={search} onChange={(e) => setSearch(e.target.value)} />
          </IconField>
          {search && <Button label="Очистить" text onClick={() => setSearch('')} />}
        </div>
        <DataTable value={rows} dataKey="id" paginator rows={10} stripedRows emptyMessage="Никого не нашли." tableStyle={{ minWidth: '46rem' }}>
          <Column header="ФИО" body={(p: Profile) => <strong>{fullName(p)}</strong>} sortable sortField="lastName" />
          <Column field="position" header="Должность" sortable />
          <Column field="city" header="Город" sortable />
          <Column field="email" header="Почта" />
          <Column header="Телефон" body={(p: Profile) => <span className={s.money}>{p.phone || '—'}</span>} />
          <Column header="Дата рождения" body={(p: Profile) => (p.birthDate ? formatIsoDate(p.birthDate) : '—')} sortable sortField="birthDate" />
        </DataTable>
      </div>
    </>
  );
}
