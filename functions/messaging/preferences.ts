/** Each user's channel per kind of message (channels.ts): read with the defaults filled in, changed per kind. */
import { DEFAULT_CHANNELS, MESSAGE_KINDS, type Channel, type ChannelPreferences, type MessageKind, type PhoneChannel } from './channels.js';
import type { NotificationPreferencesRequest, NotificationPreferencesResponse } from './contract.js';
import { deleteOptOut, putPreferences, recipientChannelItems } from './repository.js';

const PHONE_CHANNELS: readonly PhoneChannel[] = ['whatsapp', 'sms'];

function view(settings: Awaited<ReturnType<typeof recipientChannelItems>>): NotificationPreferencesResponse {
  const preferences = Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, settings.preferences[kind] ?? DEFAULT_CHANNELS[kind]])) as Record<MessageKind, Channel>;
  return {
    preferences, defaults: { ...DEFAULT_CHANNELS }, hasVerifiedPhone: settings.phone !== undefined,
    optedOut: PHONE_CHANNELS.filter((channel) => settings.optedOut.has(channel)),
  };
}

export async function notificationPreferences(userId: string): Promise<NotificationPreferencesResponse> {
  return view(await recipientChannelItems(userId));
}

/** Saves the kinds given; a phone channel chosen again is the user asking for it back after a STOP. */
export async function changeNotificationPreferences(userId: string, change: NotificationPreferencesRequest, now = new Date()): Promise<NotificationPreferencesResponse> {
  const current = await recipientChannelItems(userId);
  const given = Object.fromEntries(Object.entries(change).filter(([, channel]) => channel !== undefined)) as ChannelPreferences;
  const preferences: ChannelPreferences = { ...current.preferences, ...given };
  await putPreferences(userId, preferences, now);
  const chosenAgain = PHONE_CHANNELS.filter((channel) => current.optedOut.has(channel) && Object.values(given).includes(channel));
  for (const channel of chosenAgain) await deleteOptOut(userId, channel);
  const optedOut = new Set([...current.optedOut].filter((channel) => !chosenAgain.includes(channel)));
  return view({ ...current, preferences, optedOut });
}
