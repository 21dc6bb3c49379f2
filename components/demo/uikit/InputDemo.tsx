'use client';

import { AutoComplete } from 'primereact/autocomplete';
import { Calendar } from 'primereact/calendar';
import { CascadeSelect } from 'primereact/cascadeselect';
import { Checkbox } from 'primereact/checkbox';
import { Chips } from 'primereact/chips';
import { ColorPicker } from 'primereact/colorpicker';
import { Dropdown } from 'primereact/dropdown';
import { InputMask } from 'primereact/inputmask';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Knob } from 'primereact/knob';
import { ListBox } from 'primereact/listbox';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { Rating } from 'primereact/rating';
import { SelectButton } from 'primereact/selectbutton';
import { Slider } from 'primereact/slider';
import { ToggleButton } from 'primereact/togglebutton';
import { TreeSelect } from 'primereact/treeselect';
import type { TreeNode } from 'primereact/treenode';
import { useState, type ReactNode } from 'react';
import { formatDate } from '@/lib/domain/format/date';
import data from '../data/uikit.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';

const Field = ({ id, label, children }: { id?: string; label: string; children: ReactNode }) => (
  <div className={styles.field}>
    {id ? <label htmlFor={id}>{label}</label> : <span>{label}</span>}
    {children}
  </div>
);

const PAYMENT = ['Наличные', 'Карта', 'Счёт'];
const TAX = ['ОСН', 'УСН', 'АУСН', 'ПСН'];

/** UI kit: every input of PrimeReact with Russian labels; the chosen values are summed up below the form. */
export function InputDemo() {
  const [text, setText] = useState('');
  const [city, setCity] = useState('');
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [date, setDate] = useState<Date | null>(null);
  const [amount, setAmount] = useState<number | null>(15000);
  const [qty, setQty] = useState<number | null>(3);
  const [phone, setPhone] = useState('');
  const [tags, setTags] = useState<string[]>(['смета']);
  const [dropdown, setDropdown] = useState<string | null>(null);
  const [multi, setMulti] = useState<string[]>([]);
  const [cascade, setCascade] = useState<{ name: string; code: string } | null>(null);
  const [folder, setFolder] = useState<string | null>(null);
  const [list, setList] = useState<string | null>('Казань');
  const [checks, setChecks] = useState<string[]>([]);
  const [radio, setRadio] = useState('Карта');
  const [on, setOn] = useState(true);
  const [toggle, setToggle] = useState(false);
  const [select, setSelect] = useState('УСН');
  const [slider, setSlider] = useState(40);
  const [knob, setKnob] = useState(60);
  const [rating, setRating] = useState<number | null>(4);
  const [color, setColor] = useState('3b82f6');
  const [note, setNote] = useState('');

  return (
    <>
      <DemoPageHeader description="Поля ввода PrimeReact: текст, подсказки, дата (дд.мм.гггг, неделя с понедельника), числа и деньги, маска, выбор из списков, переключатели." />
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Текст и числа</h2>
          <Field id="in-text" label="Название">
            <InputText id="in-text" value={text} onChange={(e) => setText(e.target.value)} placeholder="Например, стол" />
          </Field>
          <Field id="in-city" label="Город (подсказки)">
            <AutoComplete
              inputId="in-city"
              value={city}
              suggestions={suggestions}
              completeMethod={(e) => setSuggestions(data.cities.filter((c) => c.toLowerCase().includes(e.query.toLowerCase())))}
              onChange={(e) => setCity(e.value as string)}
              dropdown
              dropdownAriaLabel="Все города"
            />
          </Field>
          <Field id="in-date" label="Дата">
            <Calendar inputId="in-date" value={date} onChange={(e) => setDate(e.value ?? null)} dateFormat="dd.mm.yy" showIcon showButtonBar />
          </Field>
          <Field id="in-amount" label="Сумма, ₽">
            <InputNumber inputId="in-amount" value={amount} onValueChange={(e) => setAmount(e.value ?? null)} mode="currency" currency="RUB" locale="ru-RU" />
          </Field>
          <Field id="in-qty" label="Количество">
            <InputNumber inputId="in-qty" value={qty} onValueChange={(e) => setQty(e.value ?? null)} showButtons min={0} max={100} locale="ru-RU" incrementButtonClassName="p-button-secondary" decrementButtonClassName="p-button-secondary" />
          </Field>
          <Field id="in-phone" label="Телефон">
            <InputMask id="in-phone" value={phone} onChange={(e) => setPhone(e.target.value ?? '')} mask="+7 (999) 999-99-99" placeholder="+7 (___) ___-__-__" />
          </Field>
          <Field id="in-tags" label="Метки (Enter — добавить)">
            <Chips id="in-tags" value={tags} onChange={(e) => setTags(e.value ?? [])} />
          </Field>
          <Field id="in-note" label="Комментарий">
            <InputTextarea id="in-note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} autoResize />
          </Field>
        </section>
        <section className={styles.card}>
          <h2>Выбор</h2>
          <Field id="in-dropdown" label="Город (список)">
            <Dropdown inputId="in-dropdown" value={dropdown} options={data.cities} onChange={(e) => setDropdown(e.value as string)} placeholder="Выберите город" filter showClear />
          </Field>
          <Field id="in-multi" label="Несколько городов">
            <MultiSelect inputId="in-multi" value={multi} options={data.cities} onChange={(e) => setMulti(e.value as string[])} placeholder="Выберите города" filter display="chip" maxSelectedLabels={3} selectedItemsLabel="Выбрано: {0}" />
          </Field>
          <Field id="in-cascade" label="Регион и город">
            <CascadeSelect inputId="in-cascade" value={cascade} options={data.regions} optionLabel="name" optionGroupLabel="name" optionGroupChildren={['cities']} onChange={(e) => setCascade(e.value as { name: string; code: string })} placeholder="Выберите город" />
          </Field>
          <Field id="in-folder" label="Папка">
            <TreeSelect inputId="in-folder" value={folder} options={data.tree as TreeNode[]} onChange={(e) => setFolder(e.value as string)} placeholder="Выберите папку" />
          </Field>
          <Field label="Список">
            <ListBox value={list} options={data.cities.slice(0, 5)} onChange={(e) => setList(e.value as string)} aria-label="Список городов" />
          </Field>
        </section>
        <section className={styles.card}>
          <h2>Переключатели</h2>
          <Field label="Способы оплаты">
            <div className={styles.row}>
              {PAYMENT.map((p) => (
                <span key={p} className={styles.row}>
                  <Checkbox inputId={`in-pay-${p}`} checked={checks.includes(p)} onChange={(e) => setChecks((c) => (e.checked ? [...c, p] : c.filter((x) => x !== p)))} />
                  <label htmlFor={`in-pay-${p}`}>{p}</label>
                </span>
              ))}
            </div>
          </Field>
          <Field label="Основной способ">
            <div className={styles.row}>
              {PAYMENT.map((p) => (
                <span key={p} className={styles.row}>
                  <RadioButton inputId={`in-main-${p}`} name="main-payment" value={p} checked={radio === p} onChange={(e) => setRadio(e.value as string)} />
                  <label htmlFor={`in-main-${p}`}>{p}</label>
                </span>
              ))}
            </div>
          </Field>
          <Field label="Уведомления">
            <div className={styles.row}>
              <InputSwitch inputId="in-switch" checked={on} onChange={(e) => setOn(e.value)} />
              <label htmlFor="in-switch">{on ? 'Включены' : 'Выключены'}</label>
            </div>
          </Field>
          <Field label="Налоговый режим">
            <SelectButton value={select} options={TAX} onChange={(e) => e.value && setSelect(e.value as string)} />
          </Field>
          <Field label="Избранное">
            <ToggleButton checked={toggle} onChange={(e) => setToggle(e.value)} onLabel="В избранном" offLabel="Добавить" onIcon="pi pi-star-fill" offIcon="pi pi-star" />
          </Field>
        </section>
        <section className={styles.card}>
          <h2>Шкалы и оценки</h2>
          <Field label={`Скидка: ${slider} %`}>
            <Slider value={slider} onChange={(e) => setSlider(e.value as number)} aria-label="Скидка" />
          </Field>
          <Field label="Загрузка">
            <Knob value={knob} onChange={(e) => setKnob(e.value)} valueTemplate="{value} %" aria-label="Загрузка" />
          </Field>
          <Field label="Оценка">
            <Rating value={rating ?? 0} onChange={(e) => setRating(e.value ?? null)} cancel={false} />
          </Field>
          <Field label={`Цвет: #${color}`}>
            <ColorPicker value={color} onChange={(e) => setColor(String(e.value))} aria-label="Цвет" />
          </Field>
        </section>
      </div>
      <section className={styles.card} data-testid="input-summary">
        <h2>Что выбрано</h2>
        <p>
          Название: {text || '—'}; город: {city || dropdown || '—'}; дата: {date ? formatDate(date) : '—'}; количество: {qty ?? '—'}; режим: {select}; оплата: {radio}
          {multi.length > 0 && `; города: ${multi.join(', ')}`}
          {cascade && `; регион: ${cascade.name}`}.
        </p>
      </section>
    </>
  );
}
