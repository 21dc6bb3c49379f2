import type { Metadata } from 'next';
import { BaselineButton } from './BaselineButton';

export const metadata: Metadata = { title: 'Базовая страница', robots: { index: false } };

/**
 * Baseline of bench/page-weight: the root layout and one PrimeReact button, nothing else. The bench
 * compares the JS of `/` and `/calculators` against this page in the same build.
 */
export default function BenchBaseline() {
  return (
    <main>
      <BaselineButton />
    </main>
  );
}
