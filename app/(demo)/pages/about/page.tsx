import type { Metadata } from 'next';
import { AboutPage } from '@/components/demo/pages/AboutPage';

export const metadata: Metadata = { title: 'О компании' };

export default function Page() {
  return <AboutPage />;
}
