import type { Metadata } from 'next';
import { FilesApp } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Файлы' };

export default function Page() {
  return <FilesApp />;
}
