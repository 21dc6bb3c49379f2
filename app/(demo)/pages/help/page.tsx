import type { Metadata } from 'next';
import { HelpPage } from '@/components/demo/pages/HelpPage';

export const metadata: Metadata = { title: 'Справка' };

export default function Page() {
  return <HelpPage />;
}
