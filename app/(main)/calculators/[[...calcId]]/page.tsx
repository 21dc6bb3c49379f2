import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { calculatorMetaById } from '@/lib/domain/calculators/meta';
import { CalculatorsCatalog } from '@/components/calculators/CalculatorsCatalog';
import { CalculatorView } from '@/components/calculators/CalculatorView';
import { CustomCalculatorEditor, RatesAdmin } from '@/components/calculators/lazy-views';
import { CustomCalculatorView } from '@/components/calculators/CustomCalculatorView';

type Params = { params: Promise<{ calcId?: string[] }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { calcId } = await params;
  const calc = calcId?.[0] ? calculatorMetaById(calcId[0]) : undefined;
  if (calcId?.[0] === 'rates') return { title: 'Таблицы ставок' };
  if (calcId?.[0] === 'custom') return { title: 'Свой калькулятор' };
  return { title: calc ? calc.title : 'Калькуляторы' };
}

/**
 * `/calculators` — the catalog; `/calculators/{id}` — one calculator (inputs in the query string);
 * `/calculators/rates` — the dated rate tables (adding rows: role admin).
 */
export default async function Page({ params }: Params) {
  const { calcId } = await params;
  if (!calcId || calcId.length === 0) return <CalculatorsCatalog />;
  const id = calcId[0]!;
  if (id === 'rates' && calcId.length === 1) return <RatesAdmin />;
  if (id === 'custom') return customPage(calcId.slice(1));
  if (calcId.length > 1 || !calculatorMetaById(id)) notFound();
  return (
    <Suspense>
      <CalculatorView key={id} id={id} />
    </Suspense>
  );
}

/** `custom/new`, `custom/{id}`, `custom/{id}/edit`, `custom/shared/{token}`. */
function customPage(rest: string[]) {
  const [a, b] = rest;
  if (rest.length === 1 && a === 'new') return <CustomCalculatorEditor />;
  if (rest.length === 2 && a === 'shared' && b) return <CustomCalculatorView refOf={{ token: b }} />;
  if (rest.length === 2 && a && b === 'edit') return <CustomCalculatorEditor id={a} />;
  if (rest.length === 1 && a) return <CustomCalculatorView key={a} refOf={{ id: a }} />;
  notFound();
}
