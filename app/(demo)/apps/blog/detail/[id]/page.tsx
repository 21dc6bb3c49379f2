import type { Metadata } from 'next';
import { BlogDetail } from '@/components/demo/blog/BlogDetail';

export const metadata: Metadata = { title: 'Запись блога' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BlogDetail id={decodeURIComponent(id)} />;
}
