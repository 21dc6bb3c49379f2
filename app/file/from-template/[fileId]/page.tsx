import type { Metadata } from 'next';
import { FromTemplatePage } from '@/components/templates/FromTemplatePage';

export const metadata: Metadata = { title: 'Документ по шаблону' };

/** `/file/from-template/{fileId}`: fill a DOCX template and save the document. */
export default async function Page({ params }: { params: Promise<{ fileId: string }> }) {
  const { fileId } = await params;
  return <FromTemplatePage fileId={decodeURIComponent(fileId)} />;
}
