import type { FastifyBaseLogger } from 'fastify';

/**
 * Where marketing subscriptions go. None is configured by default: the preference lives on
 * the profile, and an operator can plug a provider in here without touching the routes.
 */
export interface MailingListProvider {
  subscribe(contact: { email: string; name: string }): Promise<void>;
  unsubscribe(contact: { email: string }): Promise<void>;
}

export function noMailingList(log: Pick<FastifyBaseLogger, 'debug'>): MailingListProvider {
  return {
    async subscribe({ email }) {
      log.debug({ email }, 'No mailing-list provider configured: subscription kept on the profile only');
    },
    async unsubscribe({ email }) {
      log.debug({ email }, 'No mailing-list provider configured: unsubscription kept on the profile only');
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailingList: MailingListProvider;
  }
}
