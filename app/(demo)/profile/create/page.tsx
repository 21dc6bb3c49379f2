import type { Metadata } from 'next';
import { ProfileCreate } from '@/components/demo/profile/ProfileCreate';

export const metadata: Metadata = { title: 'Новый профиль' };

export default function Page() {
  return <ProfileCreate />;
}
