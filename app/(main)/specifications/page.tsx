import type { Metadata } from 'next';
import { SpecListPage } from '@/components/specifications/SpecListPage';

export const metadata: Metadata = { title: 'Спецификации' };

export default function Page() {
  return <SpecListPage />;
}
