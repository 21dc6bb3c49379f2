import 'server-only';
import { settingsSaveInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/settings/save`: see docs/api.md. */
export const saveSettings = pending(settingsSaveInput);
