import 'server-only';
import type { z } from 'zod';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';

/** A catalogue call whose handler is not written yet: its input is judged, then 503 NOT_READY. */
export const pending = <S extends z.ZodType>(input: S) =>
  defineCall({
    input,
    async handle({ ctx, req }) {
      await requireUser(ctx, req);
      throw new ServiceError('NOT_READY', 'Эта функция номенклатуры ещё не готова.');
    },
  });
