'use client';

import { AutoComplete } from 'primereact/autocomplete';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { FloatLabel } from 'primereact/floatlabel';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { Password } from 'primereact/password';
import { useState } from 'react';
import data from '../data/uikit.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import kit from './uikit.module.css';

/** UI kit: fields whose label sits inside and floats up on focus or when filled. */
export function FloatLabelDemo() {
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [city, setCity] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [date, setDate] = useState<Date | null>(null);
  const [sum, setSum] = useState<number | null>(null);
  const [region, setRegion] = useState<string | null>(null);
  const [cities, setCities] = useState<string[]>([]);
  const [password, setPassword] = useState('');
  const [note, setNote] = useState('');

  return (
    <>
      <DemoPageHeader description="Плавающие подписи: подпись стоит в поле и поднимается, когда поле в фокусе или заполнено." />
      <section className={styles.card}>
        <h2>Поля</h2>
        <div className={kit.floatGrid}>
          <FloatLabel>
            <InputText id="fl-name" value={name} onChange={(e) => setName(e.target.value)} />
            <label htmlFor="fl-name">Имя</label>
          </FloatLabel>
          <FloatLabel>
            <IconField iconPosition="left">
              <InputIcon className="pi pi-search" />
              <InputText id="fl-search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </IconField>
            <label htmlFor="fl-search" className={kit.floatIconLabel}>
              Поиск
            </label>
          </FloatLabel>
          <FloatLabel>
            <AutoComplete
              inputId="fl-city"
              value={city}
              suggestions={suggestions}
              completeMethod={(e) => setSuggestions(data.cities.filter((c) => c.toLowerCase().startsWith(e.query.toLowerCase())))}
              onChange={(e) => setCity(e.value as string)}
            />
            <label htmlFor="fl-city">Город</label>
          </FloatLabel>
          <FloatLabel>
            <Calendar inputId="fl-date" value={date} onChange={(e) => setDate(e.value ?? null)} dateFormat="dd.mm.yy" />
            <label htmlFor="fl-date">Дата договора</label>
          </FloatLabel>
          <FloatLabel>
            <InputNumber inputId="fl-sum" value={sum} onValueChange={(e) => setSum(e.value ?? null)} mode="currency" currency="RUB" locale="ru-RU" />
            <label htmlFor="fl-sum">Сумма</label>
          </FloatLabel>
          <FloatLabel>
            <Dropdown inputId="fl-region" value={region} options={data.regions.map((r) => r.name)} onChange={(e) => setRegion(e.value as string)} />
            <label htmlFor="fl-region">Округ</label>
          </FloatLabel>
          <FloatLabel>
            <MultiSelect inputId="fl-cities" value={cities} options={data.cities} onChange={(e) => setCities(e.value as string[])} maxSelectedLabels={2} selectedItemsLabel="Выбрано: {0}" />
            <label htmlFor="fl-cities">Города</label>
          </FloatLabel>
          <FloatLabel>
            <Password inputId="fl-password" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask />
            <label htmlFor="fl-password">Пароль</label>
          </FloatLabel>
          <FloatLabel>
            <InputTextarea id="fl-note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} />
            <label htmlFor="fl-note">Комментарий</label>
          </FloatLabel>
        </div>
        <p className={styles.muted} data-testid="fl-summary">
          {name ? `Здравствуйте, ${name}!` : 'Введите имя.'}
        </p>
      </section>
    </>
  );
}
