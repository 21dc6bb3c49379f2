import type { Metadata } from 'next';
import { TaskListApp } from '@/components/demo/tasklist/TaskListApp';

export const metadata: Metadata = { title: 'Список задач' };

export default function Page() {
  return <TaskListApp />;
}
