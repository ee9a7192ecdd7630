import { serverEnv } from '../env.ts';

/** Where a new inquiry is announced: the team by mail, the team by webhook, the inquirer by mail. */
export const NOTIFY_CHANNELS = ['team-mail', 'webhook', 'confirmation'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** The channels the environment configures; an inquiry gets one outbox row for each. */
export function configuredChannels(): NotifyChannel[] {
  const env = serverEnv();
  const channels: NotifyChannel[] = [];
  const mail = Boolean(env.smtpUrl && env.inquiryNotifyFrom);
  if (mail && env.inquiryNotifyTo) channels.push('team-mail');
  if (env.inquiryWebhookUrl) channels.push('webhook');
  if (mail) channels.push('confirmation');
  return channels;
}

/** What the inbox shows about notifications (without any secret). */
export function notificationSettings() {
  const channels = configuredChannels();
  return { teamMail: channels.includes('team-mail'), webhook: channels.includes('webhook'), confirmation: channels.includes('confirmation') };
}
