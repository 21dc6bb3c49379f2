import type { Metadata } from 'next';
import { ProfileList } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Список профилей' };

export default function Page() {
  return <ProfileList />;
}
