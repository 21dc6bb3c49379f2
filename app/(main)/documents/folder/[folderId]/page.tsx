import type { Metadata } from 'next';
import { FileManagerPage } from '@/components/files/FileManagerPage';

export const metadata: Metadata = { title: 'Мои документы' };

export default async function Page({ params }: { params: Promise<{ folderId: string }> }) {
  const { folderId } = await params;
  return <FileManagerPage key={folderId} type="documents" title="Мои документы" basePath="/documents" folderId={decodeURIComponent(folderId)} />;
}
