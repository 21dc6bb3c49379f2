import type { Metadata } from 'next';
import { Suspense } from 'react';
import { FileViewer } from '@/components/files/FileViewer';

export const metadata: Metadata = { title: 'Просмотр файла', referrer: 'no-referrer' };

/** The viewer; opens without sign-in when the address carries `?link=` (proxy.ts lets it through). */
export default async function Page({ params }: { params: Promise<{ fileId: string }> }) {
  const { fileId } = await params;
  return (
    <Suspense>
      <FileViewer fileId={decodeURIComponent(fileId)} />
    </Suspense>
  );
}
