import type { Metadata } from 'next';
import { ConfirmPhone } from '@/components/auth/ConfirmPhone';

export const metadata: Metadata = { title: 'Подтверждение телефона' };

export default function Page() {
  return <ConfirmPhone />;
}
