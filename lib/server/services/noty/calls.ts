import 'server-only';
import type { CallTable } from '../../gateway/types';
import './course-events';
import { listCall } from './list';
import { markReadCall } from './mark-read';
import { sendCall } from './send';
import { saveSettingsCall, settingsCall } from './settings';
import { streamCall } from './stream';

/**
 * The notification service (`/noty`): the user's calls under `api/v1/`, other services' under `private/`
 * (service key instead of a session). With NOTY_URL every `/noty/…` request goes to that service as is.
 */
export const notyCalls = {
  'api/v1/list': listCall,
  'api/v1/markRead': markReadCall,
  'api/v1/stream': streamCall,
  'api/v1/settings': settingsCall,
  'api/v1/saveSettings': saveSettingsCall,
  'private/send': sendCall,
} satisfies CallTable;
