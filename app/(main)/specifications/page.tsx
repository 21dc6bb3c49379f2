import type { Metadata } from 'next';
import { FileManagerPage } from '@/components/files/FileManagerPage';

export const metadata: Metadata = { title: 'Спецификации' };

export default function Page() {
  return <FileManagerPage type="specifications" title="Спецификации" basePath="/specifications" />;
}
