'use client';

import { Button } from 'primereact/button';
import { invoiceTotals } from '@/lib/domain/docx/invoice-totals';
import { isMoney, money, type TemplateValue } from '@/lib/domain/docx/values';
import { formatMoney, formatNumber } from '@/lib/domain/money';
import { amountInWords } from '@/lib/domain/words/amount-in-words';
import { dateWithMonthName } from '@/lib/domain/words/date-in-words';
import data from '../data/pages.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import inv from './invoice.module.css';

const { company, invoice } = data;

/** The invoice's rows and totals by the product's own rule: each line rounded to kopecks, VAT on the sum. */
const { items, totals } = invoiceTotals(
  invoice.lines.map((l) => ({ name: l.name, unit: l.unit, qty: l.qty, price: money(l.price) })),
  invoice.vatRate,
);
const amountOf = (v: TemplateValue | undefined): string => (isMoney(v) ? v.$money : '0');
const rub = (v: TemplateValue | undefined) => formatNumber(amountOf(v), 2);

/** «Счёт на оплату» of the sample company: bank details, parties, rows, VAT, the sum in words; prints without the shell. */
export function InvoicePage() {
  return (
    <>
      <DemoPageHeader description="Счёт образцовой компании: суммы строк округлены до копеек, НДС начислен на итог, сумма прописью — как в документах «Калькулуса».">
        <Button type="button" label="Печать" icon="pi pi-print" onClick={() => window.print()} />
      </DemoPageHeader>
      <article className={`${styles.card} ${inv.invoice} print-area`} aria-label="Счёт на оплату">
        <table className={inv.bank}>
          <tbody>
            <tr>
              <td rowSpan={2}>
                {company.bank.name}
                <div className={inv.caption}>Банк получателя</div>
              </td>
              <td>БИК</td>
              <td>{company.bank.bik}</td>
            </tr>
            <tr>
              <td>Сч. №</td>
              <td>{company.bank.corrAccount}</td>
            </tr>
            <tr>
              <td>
                ИНН {company.inn}, КПП {company.kpp}
                <div>{company.name}</div>
                <div className={inv.caption}>Получатель</div>
              </td>
              <td>Сч. №</td>
              <td>{company.bank.account}</td>
            </tr>
          </tbody>
        </table>
        <h2 className={inv.title}>
          Счёт на оплату № {invoice.number} от {dateWithMonthName(invoice.date)}
        </h2>
        <dl className={inv.parties}>
          <dt>Поставщик:</dt>
          <dd>
            {company.name}, ИНН {company.inn}, КПП {company.kpp}, {company.address}, тел. {company.phone}
          </dd>
          <dt>Покупатель:</dt>
          <dd>
            {invoice.buyer.name}, ИНН {invoice.buyer.inn}, КПП {invoice.buyer.kpp}, {invoice.buyer.address}
          </dd>
          <dt>Основание:</dt>
          <dd>{invoice.basis}</dd>
        </dl>
        <div className={styles.scrollX}>
          <table className={inv.items}>
            <thead>
              <tr>
                <th>№</th>
                <th>Товары (работы, услуги)</th>
                <th>Кол-во</th>
                <th>Ед.</th>
                <th>Цена, ₽</th>
                <th>Сумма, ₽</th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={String(r.n)}>
                  <td>{String(r.n)}</td>
                  <td>{String(r.name)}</td>
                  <td className={inv.num}>{formatNumber(String(r.qty))}</td>
                  <td>{String(r.unit)}</td>
                  <td className={inv.num}>{rub(r.price)}</td>
                  <td className={inv.num}>{rub(r.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={5}>Итого:</td>
                <td className={inv.num}>{rub(totals.amount)}</td>
              </tr>
              <tr>
                <td colSpan={5}>{String(totals.vatTitle)}:</td>
                <td className={inv.num}>{rub(totals.vat)}</td>
              </tr>
              <tr>
                <td colSpan={5}>Всего к оплате:</td>
                <td className={inv.num} data-testid="invoice-total">
                  {rub(totals.total)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p>
          Всего наименований {String(totals.count)}, на сумму {formatMoney(amountOf(totals.total))}
        </p>
        <p className={inv.words} data-testid="invoice-words">
          {amountInWords(amountOf(totals.total))}
        </p>
        <p className={inv.caption}>
          Оплата настоящего счёта означает согласие с условиями поставки товара. Счёт действителен к оплате в течение пяти банковских дней.
        </p>
        <div className={inv.signs}>
          <span>Руководитель ______________ {company.director}</span>
          <span>Бухгалтер ______________ {company.accountant}</span>
        </div>
      </article>
    </>
  );
}
