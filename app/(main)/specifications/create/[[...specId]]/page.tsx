import type { Metadata } from 'next';
import { SpecEditorPage } from '@/components/specifications/SpecEditorPage';

export const metadata: Metadata = { title: 'Спецификация' };

export default async function Page({ params }: { params: Promise<{ specId?: string[] }> }) {
  const { specId } = await params;
  return <SpecEditorPage key={specId?.[0] ?? 'new'} specId={specId?.[0]} />;
}
