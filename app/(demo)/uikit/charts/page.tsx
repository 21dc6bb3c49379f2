import type { Metadata } from 'next';
import { ChartsDemo } from '@/components/demo/uikit/ChartsDemo';

export const metadata: Metadata = { title: 'Диаграммы' };

export default function Page() {
  return <ChartsDemo />;
}
