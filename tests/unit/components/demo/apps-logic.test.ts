import { describe, expect, it } from 'vitest';
import { addTransaction, BANKING_SAMPLE, totalsByMonth } from '@/components/demo/banking/banking';
import { checkProduct, draftOf, PRODUCTS_SAMPLE, productsCsv } from '@/components/demo/crud/products';
import { applyAction, lettersIn, MAIL_SAMPLE, replyDraft } from '@/components/demo/mail/mail';
import { checkProfile, normalizePhone } from '@/components/demo/profile/profiles';
import { checkCheckout, EMPTY_CHECKOUT } from '@/components/demo/shop/checkout';
import { addToCart, cartItems, orderTotals, SHOP_SAMPLE } from '@/components/demo/shop/shop';
import { parseCsv } from '@/lib/domain/requisites/csv';

const fixed = (t: ReturnType<typeof orderTotals>) => ({ total: t.total.toFixed(2), vat: t.vat.toFixed(2), net: t.net.toFixed(2) });

describe('shop: order totals with VAT inside the prices', () => {
  it('rounds each line to kopecks and sums the rounded lines (the sample cart)', () => {
    const t = orderTotals(cartItems(SHOP_SAMPLE), '22');
    // 14 590,50 × 1 and 1 299,90 × 3 = 3 899,70; VAT 22/122 of each: 2 631,07 and 703,22.
    expect(t.lines.map((l) => [l.amount.toFixed(2), l.vat.toFixed(2)])).toEqual([
      ['14590.50', '2631.07'],
      ['3899.70', '703.22'],
    ]);
    expect(fixed(t)).toEqual({ total: '18490.20', vat: '3334.29', net: '15155.91' });
  });

  it('adds delivery as a line of its own', () => {
    const t = orderTotals(cartItems(SHOP_SAMPLE), '22', '590.00');
    expect(t.lines[2]).toMatchObject({ name: 'Доставка' });
    expect(t.lines[2]!.vat.toFixed(2)).toBe('106.39');
    expect(fixed(t)).toEqual({ total: '19080.20', vat: '3440.68', net: '15639.52' });
  });

  it('the VAT total is the sum of rounded lines, not the VAT of the total', () => {
    const items = [1, 2, 3].map((n) => ({ name: `Шуруп ${n}`, price: '0.10', qty: 1 }));
    // Each line: 0,10 × 22/122 = 0,018 → 0,02; three lines 0,06 (of the total 0,30 it would be 0,05).
    expect(fixed(orderTotals(items, '22'))).toEqual({ total: '0.30', vat: '0.06', net: '0.24' });
  });

  it('rounds half-up: 0,03 × 20/120 = 0,005 → 0,01', () => {
    expect(orderTotals([{ name: 'x', price: '0.03', qty: 1 }], '20').vat.toFixed(2)).toBe('0.01');
  });

  it('addToCart adds up quantities of the same product and caps them at 99', () => {
    let d = addToCart(SHOP_SAMPLE, 's2', 2);
    expect(d.cart.find((l) => l.productId === 's2')!.qty).toBe(3);
    d = addToCart(d, 's1');
    expect(d.cart.at(-1)).toEqual({ productId: 's1', qty: 1 });
    expect(addToCart(d, 's1', 500).cart.find((l) => l.productId === 's1')!.qty).toBe(99);
  });

  it('checkout: needs recipient, phone, e-mail, consent; the address only for courier delivery', () => {
    const empty = checkCheckout(EMPTY_CHECKOUT).errors;
    expect(Object.keys(empty).sort()).toEqual(['address', 'agree', 'city', 'email', 'name', 'phone', 'postcode']);
    const pickup = { ...EMPTY_CHECKOUT, delivery: 'pickup' as const, name: 'Иванов Иван', phone: '8 (912) 345-67-89', email: 'i@example.ru', agree: true };
    expect(checkCheckout(pickup)).toEqual({ errors: {}, phone: '+7 912 345-67-89' });
    expect(checkCheckout({ ...pickup, delivery: 'courier', city: 'Казань', address: 'ул. Баумана, 1', postcode: '4200' }).errors).toEqual({ postcode: 'Индекс — шесть цифр.' });
  });
});

describe('banking', () => {
  it('sums income and expense by month exactly', () => {
    const months = totalsByMonth([
      { id: '1', date: '2026-10-03', accountId: 'a1', description: '', category: '', amount: '0.10' },
      { id: '2', date: '2026-10-09', accountId: 'a1', description: '', category: '', amount: '0.20' },
      { id: '3', date: '2026-10-10', accountId: 'a1', description: '', category: '', amount: '-1234.56' },
      { id: '4', date: '2026-09-30', accountId: 'a1', description: '', category: '', amount: '-0.01' },
    ]);
    expect(months.map((m) => [m.month, m.income.toFixed(2), m.expense.toFixed(2)])).toEqual([
      ['2026-09', '0.00', '0.01'],
      ['2026-10', '0.30', '1234.56'],
    ]);
    expect(totalsByMonth(BANKING_SAMPLE.transactions)).toHaveLength(6);
  });

  it('a new operation moves its account balance', () => {
    const d = addTransaction(BANKING_SAMPLE, { id: 'n', date: '2026-11-26', accountId: 'a1', description: 'Аренда', category: 'Аренда', amount: '-95000.25' });
    expect(d.accounts[0]!.balance).toBe('1189530.50');
    expect(d.transactions[0]!.id).toBe('n');
  });
});

describe('CRUD products', () => {
  it('CSV for Excel in Russia: BOM, «;», decimal comma, header', () => {
    const csv = productsCsv(PRODUCTS_SAMPLE.products);
    expect(csv.startsWith('\ufeffАртикул;Наименование;Категория;Цена, ₽;Количество;Стоимость запаса, ₽;Наличие\r\n')).toBe(true);
    const rows = parseCsv(csv);
    expect(rows[2]).toEqual(['МДФ-19', 'Плита МДФ 19 мм', 'Плиты', '3180,50', '42', '133581,00', 'В наличии']);
    expect(rows[3]).toEqual(['КР-ПВХ-2', 'Кромка ПВХ 2 мм, белая (м)', 'Кромка', '18,75', '3500', '65625,00', 'В наличии']);
    expect(rows).toHaveLength(PRODUCTS_SAMPLE.products.length + 1);
  });

  it('validates the dialog in Russian; the code is unique', () => {
    const others = PRODUCTS_SAMPLE.products;
    expect(checkProduct({ code: 'мдф-19', name: '', category: '', price: '1,234', quantity: '-1' }, others).errors).toEqual({
      code: 'Такой артикул уже есть.',
      name: 'Введите наименование.',
      category: 'Выберите категорию.',
      price: 'Не больше двух знаков после запятой (копейки).',
      quantity: 'Количество не может быть отрицательным.',
    });
    const ok = checkProduct({ ...draftOf(null), code: 'Н-1', name: 'Новый', category: 'Крепёж', price: '1 234,5', quantity: '7' }, others);
    expect(ok).toEqual({ errors: {}, value: { code: 'Н-1', name: 'Новый', category: 'Крепёж', price: '1234.50', quantity: 7 } });
  });
});

describe('mail', () => {
  const ids = (...x: string[]) => new Set(x);
  it('trash remembers the folder and restore brings the letter back there', () => {
    let letters = applyAction(MAIL_SAMPLE.letters, ids('l3', 'l9'), 'trash');
    expect(lettersIn(letters, 'trash').map((l) => l.id).sort()).toEqual(['l12', 'l3', 'l9']);
    letters = applyAction(letters, ids('l3', 'l9'), 'restore');
    expect(letters.find((l) => l.id === 'l3')!.folder).toBe('inbox');
    expect(letters.find((l) => l.id === 'l9')!.folder).toBe('archived');
  });

  it('spam leaves «Помеченные»; «Не спам» returns it; purge only deletes from the trash', () => {
    let letters = applyAction(MAIL_SAMPLE.letters, ids('l2'), 'spam');
    expect(lettersIn(letters, 'starred').map((l) => l.id)).not.toContain('l2');
    letters = applyAction(letters, ids('l2'), 'restore');
    expect(lettersIn(letters, 'inbox').map((l) => l.id)).toContain('l2');
    expect(applyAction(letters, ids('l2', 'l12'), 'purge').map((l) => l.id)).not.toContain('l12');
    expect(applyAction(letters, ids('l2', 'l12'), 'purge').map((l) => l.id)).toContain('l2');
  });

  it('a reply goes to the sender with «Re:» and the letter quoted', () => {
    const d = replyDraft(MAIL_SAMPLE.letters[0]!, '26.11.2026 10:02');
    expect(d.to).toBe('a.smirnova@example.ru');
    expect(d.subject).toBe('Re: Счёт от «Северного леса» — проверьте калькуляцию');
    expect(d.body).toContain('> Добрый день!');
  });
});

describe('profiles', () => {
  it('normalises Russian phone numbers', () => {
    expect(normalizePhone('89123456789')).toBe('+7 912 345-67-89');
    expect(normalizePhone('+7 (912) 345 67 89')).toBe('+7 912 345-67-89');
    expect(normalizePhone('12345')).toBeNull();
  });

  it('checks the form in Russian and stores the date as ISO', () => {
    const draft = { lastName: 'Иванов', firstName: 'Иван', middleName: '', email: 'Ivan@Example.ru', phone: '', city: '', position: '', birthDate: '01.02.1990' };
    expect(checkProfile(draft, '2026-11-26').value).toMatchObject({ email: 'ivan@example.ru', birthDate: '1990-02-01' });
    expect(checkProfile({ ...draft, lastName: '', email: 'нет', birthDate: '31.02.1990' }, '2026-11-26').errors).toEqual({
      lastName: 'Заполните поле «Фамилия».',
      email: 'Введите адрес почты вида name@example.ru.',
      birthDate: 'Введите дату вида 25.11.1990.',
    });
    expect(checkProfile({ ...draft, birthDate: '01.01.2027' }, '2026-11-26').errors.birthDate).toBe('Дата рождения не может быть в будущем.');
  });
});
