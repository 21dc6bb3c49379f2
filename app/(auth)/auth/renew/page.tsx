import type { Metadata } from 'next';
import { RenewSession } from '@/components/auth/RenewSession';
import { safeNextPath } from '@/lib/domain/protected-routes';

export const metadata: Metadata = { title: 'Обновление сеанса' };

/** Where the page gate sends a protected page whose access token has expired: the browser renews it and returns. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { next } = await searchParams;
  return <RenewSession next={safeNextPath(typeof next === 'string' ? next : null)} />;
}
