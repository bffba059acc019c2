import { deviceAnswerSchema, pushKeyAnswerSchema } from '@tapeline/core';
import { api } from '../authApi.ts';

const DEVICE_PATH = '/api/alerts/device/webpush';

/** The web push calls (docs/alerts.md "Web push"); each needs the signed-in subscriber's token. */
export const pushApi = {
  /** The application server (VAPID) public key this server signs pushes with. */
  key: async () => (await api.request('GET', '/api/alerts/push/key', pushKeyAnswerSchema)).publicKey,
  /** Registers (or re-registers, moving it to this account) a browser's subscription. */
  register: (subscription: PushSubscriptionJSON) =>
    api.request('POST', DEVICE_PATH, deviceAnswerSchema, { registration_id: JSON.stringify(subscription) }),
  /** Forgets this account's registration of the endpoint. */
  remove: (endpoint: string) =>
    api.request('POST', DEVICE_PATH, deviceAnswerSchema, { registration_id: null, endpoint }),
};
