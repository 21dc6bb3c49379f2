import type { Metadata } from 'next';
import { AdminEditor } from '@/components/education/AdminEditor';

export const metadata: Metadata = { title: 'Новый курс' };

/** `/education/new` (admin): a new course. */
export default function Page() {
  return <AdminEditor kind="course" />;
}
