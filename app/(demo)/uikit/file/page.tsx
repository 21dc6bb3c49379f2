import type { Metadata } from 'next';
import { FileDemo } from '@/components/demo/uikit/FileDemo';

export const metadata: Metadata = { title: 'Загрузка файлов' };

export default function Page() {
  return <FileDemo />;
}
