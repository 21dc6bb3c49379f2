import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import './globals.css';
import { Providers } from '@/components/providers/Providers';

export const metadata: Metadata = {
  title: { default: 'Калькулус', template: '%s — Калькулус' },
  description: 'Себестоимость, калькуляторы бухгалтера, компании и документы для малого бизнеса',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
