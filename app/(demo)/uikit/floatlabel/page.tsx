import type { Metadata } from 'next';
import { FloatLabelDemo } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Плавающие подписи' };

export default function Page() {
  return <FloatLabelDemo />;
}
