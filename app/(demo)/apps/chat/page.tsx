import type { Metadata } from 'next';
import { ChatApp } from '@/components/demo/chat/ChatApp';

export const metadata: Metadata = { title: 'Чат' };

export default function Page() {
  return <ChatApp />;
}
