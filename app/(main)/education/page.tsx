import type { Metadata } from 'next';
import { CoursesPage } from '@/components/education/CoursesPage';

export const metadata: Metadata = { title: 'Обучение' };

export default function Page() {
  return <CoursesPage />;
}
