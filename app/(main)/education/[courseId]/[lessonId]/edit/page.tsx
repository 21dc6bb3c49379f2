import type { Metadata } from 'next';
import { AdminEditor } from '@/components/education/AdminEditor';

export const metadata: Metadata = { title: 'Правка урока' };

/** `/education/{courseId}/{lessonId}/edit` (admin): the lesson's file and its versions. */
export default async function Page({ params }: { params: Promise<{ courseId: string; lessonId: string }> }) {
  const { courseId, lessonId } = await params;
  return <AdminEditor kind="lesson" courseId={courseId} lessonId={lessonId} />;
}
