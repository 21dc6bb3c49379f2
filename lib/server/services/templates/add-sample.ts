import 'server-only';
import { TEMPLATE_SAMPLES } from '@/lib/domain/docx/samples';
import { addSampleSchema } from '@/lib/schemas/templates';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { storeBytes } from '../files/store-bytes';
import { templateSampleSeeds } from '../../db/schema';

/**
 * `templates/add-sample {sample?, root?}` → `{object}`: a bundled template («Счёт на оплату» by default,
 * «Договор поставки», «Коммерческое предложение», «Акт выполненных работ») added to the caller's templates —
 * again, after `templates/list` seeded it once (see seed-samples.ts).
 */
export const addSampleTemplateCall = defineCall({
  input: addSampleSchema,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const sample = TEMPLATE_SAMPLES[input.sample];
    const object = await storeBytes(ctx, user.id, { name: sample.name, type: 'templates', root: input.root, bytes: sample.docx() });
    // Counts as seeded: the first `templates/list` does not add this sample a second time.
    await ctx.db.insert(templateSampleSeeds).values({ userId: user.id, sample: input.sample, fileId: object.id }).onConflictDoNothing();
    return { msg: `Образец «${sample.name}» добавлен в шаблоны`, object };
  },
});
