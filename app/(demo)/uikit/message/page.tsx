import type { Metadata } from 'next';
import { MessageDemo } from '@/components/demo/uikit/MessageDemo';

export const metadata: Metadata = { title: 'Сообщения' };

export default function Page() {
  return <MessageDemo />;
}
