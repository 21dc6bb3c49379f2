import type { Metadata } from 'next';
import { CompaniesPage } from '@/components/companies/CompaniesPage';

export const metadata: Metadata = { title: 'Компании' };

export default function Page() {
  return <CompaniesPage />;
}
