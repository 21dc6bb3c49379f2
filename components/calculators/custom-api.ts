import { productApi } from '@/lib/client/api';
import type { CalcStep } from '@/lib/schemas/calculators';
import type { CustomDefinition } from '@/lib/schemas/calculators-custom';

export interface CustomCalculator extends CustomDefinition {
  id: string;
  shareToken: string | null;
  own: boolean;
  updatedAt: string;
}
export type CustomRef = { id: string } | { token: string };

/** Browser side of `calculators/custom/*`. */
export const customApi = {
  list: () => productApi<{ calculators: CustomCalculator[] }>('calculators/custom/list', {}).then((r) => r.calculators),
  get: (ref: CustomRef) => productApi<{ calculator: CustomCalculator }>('calculators/custom/get', ref).then((r) => r.calculator),
  save: (def: CustomDefinition & { id?: string }) => productApi<{ calculator: CustomCalculator }>('calculators/custom/save', def).then((r) => r.calculator),
  remove: (id: string) => productApi('calculators/custom/delete', { id }),
  share: (id: string) => productApi<{ token: string; link: string }>('calculators/custom/share', { id }),
  /** «Добавить в мои калькуляторы» from a share link; `added: false` when the user already has it. */
  copy: (token: string) => productApi<{ calculator: CustomCalculator; added: boolean; msg: string }>('calculators/custom/copy', { token }),
  run: (ref: CustomRef, values: Record<string, string>) =>
    productApi<{ result: Record<string, string>; steps: CalcStep[] }>('calculators/custom/run', { ...ref, values }),
};
