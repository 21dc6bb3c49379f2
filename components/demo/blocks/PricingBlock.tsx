'use client';

import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { dec, formatMoney, roundKop } from '@/lib/domain/money';
import b from './blocks.module.css';

const PLANS = [
  { name: 'Старт', month: '0', items: ['1 компания', '10 спецификаций', 'Калькуляторы'] },
  { name: 'Бизнес', month: '1490', items: ['5 компаний', 'Без ограничений', 'Шаблоны документов'], best: true },
  { name: 'Команда', month: '3990', items: ['Без ограничений', 'Общие папки', 'Поддержка 24/7'] },
];
const PERIODS = [
  { label: 'Месяц', value: 1 },
  { label: 'Год −20 %', value: 12 },
];

/** Three plans with a month / year switch; a year costs 12 months less 20 %, to the kopeck. */
export function PricingBlock() {
  const [months, setMonths] = useState(1);
  const price = (month: string) => (months === 1 ? dec(month) : roundKop(dec(month).mul(12).mul('0.8')));
  return (
    <div className={b.pricing}>
      <SelectButton value={months} options={PERIODS} allowEmpty={false} onChange={(e) => e.value && setMonths(e.value as number)} aria-label="Период оплаты" />
      <div className={b.plans}>
        {PLANS.map((p) => (
          <div key={p.name} className={`${b.plan} ${p.best ? b.best : ''}`}>
            <h3>{p.name}</h3>
            <p className={b.price}>
              {formatMoney(price(p.month))} <span>{months === 1 ? 'в месяц' : 'в год'}</span>
            </p>
            <ul>
              {p.items.map((i) => (
                <li key={i}>
                  <i className="pi pi-check" aria-hidden="true" /> {i}
                </li>
              ))}
            </ul>
            <Button label="Выбрать" outlined={!p.best} />
          </div>
        ))}
      </div>
    </div>
  );
}
