import type { Metadata } from 'next';
import { CompaniesPage } from '@/components/companies/CompaniesPage';

export const metadata: Metadata = { title: 'Компании' };

/** `/companies`, and `/companies?id=…` — with that company's card open (a link from the search). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await searchParams;
  return <CompaniesPage openId={typeof id === 'string' && id ? id : undefined} />;
}
