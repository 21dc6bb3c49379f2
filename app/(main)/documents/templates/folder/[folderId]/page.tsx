import type { Metadata } from 'next';
import { TemplatesPage } from '@/components/templates/TemplatesPage';

export const metadata: Metadata = { title: 'Шаблоны документов' };

export default async function Page({ params }: { params: Promise<{ folderId: string }> }) {
  const { folderId } = await params;
  return <TemplatesPage folderId={decodeURIComponent(folderId)} />;
}
