import type { Metadata } from 'next';
import { FileManagerPage } from '@/components/files/FileManagerPage';

export const metadata: Metadata = { title: 'Спецификации' };

export default async function Page({ params }: { params: Promise<{ folderId: string }> }) {
  const { folderId } = await params;
  return <FileManagerPage key={folderId} type="specifications" title="Спецификации" basePath="/specifications" folderId={decodeURIComponent(folderId)} />;
}
