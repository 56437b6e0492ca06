/** Results by SMS: what the gateway's callback is answered (docs/integrators/sms.md). */
import { defineMessages } from './define.js';

export const smsInboundMessages = defineMessages({
  bn: {
    sms_inbound_off: 'এসএমএসে ফলাফল চালু করা হয়নি (SMS_INBOUND_SECRET নেই)।',
    sms_inbound_secret: 'গোপন সংকেত মেলেনি।',
    sms_inbound_received: 'বার্তা গৃহীত হয়েছে।',
  },
  en: {
    sms_inbound_off: 'Results by SMS are not set up (SMS_INBOUND_SECRET is not set).',
    sms_inbound_secret: 'The shared secret is missing or wrong.',
    sms_inbound_received: 'Message received.',
  },
});
