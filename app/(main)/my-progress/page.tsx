import type { Metadata } from 'next';
import { MyProgressPage } from '@/components/my-progress/MyProgressPage';

export const metadata: Metadata = { title: 'Мой прогресс' };

export default function Page() {
  return <MyProgressPage />;
}
