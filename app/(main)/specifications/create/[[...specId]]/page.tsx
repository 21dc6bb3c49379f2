import type { Metadata } from 'next';
import { SpecEditorPage } from '@/components/specifications/SpecEditorPage';

export const metadata: Metadata = { title: 'Спецификация' };

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ specId?: string[] }>;
  searchParams: Promise<{ folder?: string | string[] }>;
}) {
  const { specId } = await params;
  const { folder } = await searchParams;
  // `?folder=<id>`: a new specification is created in that folder of the file manager.
  return <SpecEditorPage key={specId?.[0] ?? 'new'} specId={specId?.[0]} folderId={typeof folder === 'string' && folder ? folder : null} />;
}
