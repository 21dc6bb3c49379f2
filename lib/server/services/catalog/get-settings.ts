import 'server-only';
import { staleListInput } from '@/lib/schemas/catalog';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { loadSettings } from './prices';

/** `catalog/settings/get {}` → `{settings: {priceChoice, version}}` (never saved: `preferred`, version 0). */
export const getSettings = defineCall({
  input: staleListInput,
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    return { settings: await loadSettings(ctx.db, user.id) };
  },
});
