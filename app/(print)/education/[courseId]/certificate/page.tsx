import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Certificate } from '@/components/education/Certificate';
import { getAppContext } from '@/lib/server/context';
import { getEnv } from '@/lib/server/env';
import { readCourse } from '@/lib/server/services/education/catalog';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Сертификат' };

/** `/education/{courseId}/certificate`: the printable «Курс пройден» (page alone, without the menu). */
export default async function Page({ params }: { params: Promise<{ courseId: string }> }) {
  const { courseId } = await params;
  if (!(await readCourse(await getAppContext(), courseId))) notFound();
  return <Certificate courseId={courseId} productName={getEnv().PRODUCT_NAME} />;
}
