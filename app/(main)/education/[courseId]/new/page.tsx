import type { Metadata } from 'next';
import { AdminEditor } from '@/components/education/AdminEditor';

export const metadata: Metadata = { title: 'Новый урок' };

/** `/education/{courseId}/new` (admin): a new lesson of the course. */
export default async function Page({ params }: { params: Promise<{ courseId: string }> }) {
  const { courseId } = await params;
  return <AdminEditor kind="lesson" courseId={courseId} />;
}
