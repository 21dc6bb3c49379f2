import type { Metadata } from 'next';
import { BlocksGallery } from '@/components/demo/blocks/BlocksGallery';
import { FeaturesBlock } from '@/components/demo/blocks/FeaturesBlock';
import { HeroBlock } from '@/components/demo/blocks/HeroBlock';
import { PricingBlock } from '@/components/demo/blocks/PricingBlock';
import { StatsBlock } from '@/components/demo/blocks/StatsBlock';
import { SubscribeBlock } from '@/components/demo/blocks/SubscribeBlock';
import { blockSource } from '@/components/demo/blocks/sources';

export const metadata: Metadata = { title: 'Галерея блоков' };

const BLOCKS = [
  { id: 'hero', title: 'Первый экран', file: 'HeroBlock.tsx', preview: <HeroBlock /> },
  { id: 'features', title: 'Возможности', file: 'FeaturesBlock.tsx', preview: <FeaturesBlock /> },
  { id: 'stats', title: 'Цифры', file: 'StatsBlock.tsx', preview: <StatsBlock /> },
  { id: 'pricing', title: 'Тарифы', file: 'PricingBlock.tsx', preview: <PricingBlock /> },
  { id: 'subscribe', title: 'Подписка', file: 'SubscribeBlock.tsx', preview: <SubscribeBlock /> },
];

export default function Page() {
  return <BlocksGallery blocks={BLOCKS.map((b) => ({ ...b, code: blockSource(b.file) }))} />;
}
