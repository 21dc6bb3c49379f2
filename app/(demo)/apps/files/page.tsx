import type { Metadata } from 'next';
import { FilesApp } from '@/components/demo/files/FilesApp';

export const metadata: Metadata = { title: 'Файлы' };

export default function Page() {
  return <FilesApp />;
}
