import type { Metadata } from 'next';
import { MenuDemo } from '@/components/demo/uikit/MenuDemo';

export const metadata: Metadata = { title: 'Меню' };

export default function Page() {
  return <MenuDemo />;
}
