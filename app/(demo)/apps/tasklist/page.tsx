import type { Metadata } from 'next';
import { TaskListApp } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Список задач' };

export default function Page() {
  return <TaskListApp />;
}
