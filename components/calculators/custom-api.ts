import { call } from '@/lib/client/call';
import type { CallInput, CallOutput } from '@/lib/contract';

/** A custom calculator as the server answers it. */
export type CustomCalculator = CallOutput<'product', 'calculators/custom/get'>['calculator'];
export type CustomRef = { id: string } | { token: string };

/** Browser side of `calculators/custom/*`, typed by the server's table. */
export const customApi = {
  list: () => call('product', 'calculators/custom/list').then((r) => r.calculators),
  get: (ref: CustomRef) => call('product', 'calculators/custom/get', ref).then((r) => r.calculator),
  save: (def: CallInput<'product', 'calculators/custom/save'>) => call('product', 'calculators/custom/save', def).then((r) => r.calculator),
  remove: (id: string) => call('product', 'calculators/custom/delete', { id }),
  share: (id: string) => call('product', 'calculators/custom/share', { id }),
  /** «Добавить в мои калькуляторы» from a share link; `added: false` when the user already has it. */
  copy: (token: string) => call('product', 'calculators/custom/copy', { token }),
  run: (ref: CustomRef, values: Record<string, string>) => call('product', 'calculators/custom/run', { ...ref, values }),
};
