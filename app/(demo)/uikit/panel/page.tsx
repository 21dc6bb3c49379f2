import type { Metadata } from 'next';
import { PanelDemo } from '@/components/demo/uikit/PanelDemo';

export const metadata: Metadata = { title: 'Панели' };

export default function Page() {
  return <PanelDemo />;
}
