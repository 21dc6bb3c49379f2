import type { Metadata } from 'next';
import { OverlayDemo } from '@/components/demo/uikit/OverlayDemo';

export const metadata: Metadata = { title: 'Всплывающие окна' };

export default function Page() {
  return <OverlayDemo />;
}
