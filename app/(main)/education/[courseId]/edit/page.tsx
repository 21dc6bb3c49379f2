import type { Metadata } from 'next';
import { AdminEditor } from '@/components/education/AdminEditor';

export const metadata: Metadata = { title: 'Правка курса' };

/** `/education/{courseId}/edit` (admin): the course's file and its versions. */
export default async function Page({ params }: { params: Promise<{ courseId: string }> }) {
  const { courseId } = await params;
  return <AdminEditor kind="course" courseId={courseId} />;
}
