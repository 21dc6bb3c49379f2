import type { Metadata } from 'next';
import { BlogEdit } from '@/components/demo/blog/BlogEdit';

export const metadata: Metadata = { title: 'Редактор записи' };

export default async function Page({ params }: { params: Promise<{ id?: string[] }> }) {
  const { id } = await params;
  return <BlogEdit id={id?.[0] ? decodeURIComponent(id[0]) : undefined} />;
}
