import type { Metadata } from 'next';
import { DocumentationPage } from '@/components/demo/pages/DocumentationPage';

export const metadata: Metadata = { title: 'Документация' };

export default function Page() {
  return <DocumentationPage />;
}
