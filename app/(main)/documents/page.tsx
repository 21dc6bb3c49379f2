import type { Metadata } from 'next';
import { FileManagerPage } from '@/components/files/FileManagerPage';

export const metadata: Metadata = { title: 'Мои документы' };

export default function Page() {
  return <FileManagerPage type="documents" title="Мои документы" basePath="/documents" />;
}
