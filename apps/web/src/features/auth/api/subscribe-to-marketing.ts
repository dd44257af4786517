import { api } from '../../../lib/api-client.ts';

export interface SubscribeToMarketingInput {
  email: string;
  /** The part of the e-mail before the @ when the user has no name yet. */
  name: string;
}

/** Opts the signed-in user in to marketing e-mails (sets `marketingOptIn` on the profile). */
export async function subscribeToMarketing(input: SubscribeToMarketingInput): Promise<void> {
  await api.post('/api/marketing/subscribe', input);
}
