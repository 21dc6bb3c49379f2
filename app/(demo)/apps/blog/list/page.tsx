import type { Metadata } from 'next';
import { BlogList } from '@/components/demo/blog/BlogList';

export const metadata: Metadata = { title: 'Блог' };

export default function Page() {
  return <BlogList />;
}
