import { chatMessages } from '@tapeline/core';

/** The spec's chat wording (§2, §8) and the server's refusals, word for word, from core. */
export const CHAT_MESSAGES = chatMessages;

/** The Chat widget's own copy (labels and explanations are ours). */
export const chatText = {
  channels: 'Chat channels',
  /** The cues beside tabs that do not fit. */
  moreChannels: 'More channels',
  earlierChannels: 'Earlier channels',
  search: 'Search chat messages',
  clearSearch: 'Clear search',
  typingOne: (name: string) => `${name} is typing…`,
  typingTwo: (a: string, b: string) => `${a} and ${b} are typing…`,
  typingMany: 'Several people are typing…',
  suggestions: 'Suggestions',
  userHint: 'Type at least 3 characters after @',
  noMatch: 'No match',
  list: 'Chat messages',
  loadOlder: 'Load older messages',
  loadingOlder: 'Loading older messages…',
  reachedEnd: 'Beginning of the conversation',
  empty: 'No messages yet.',
  emptySearch: 'No messages match this search.',
  composer: 'Message',
  composerPlaceholder: 'Message (Enter to send, Shift+Enter for a new line)',
  send: 'Send',
  sending: 'Sending…',
  searchingHint: 'Clear the search or reply to a message to post.',
  replyingTo: (name: string) => `Replying to ${name}`,
  cancelReply: 'Cancel reply',
  reply: 'Reply',
  /** The cue for a reader scrolled up when messages arrive below. */
  newMessages: (n: number) => (n === 1 ? '1 new message' : `${n} new messages`),
  replyTo: (name: string) => `Reply to ${name}`,
  upvote: 'Vote up',
  downvote: 'Vote down',
  score: 'Votes',
  ownMessage: 'Your message',
  badges: { service1yr: 'One year of service', vip: 'VIP', modadmin: 'Moderator' },
  mentionsYou: 'Mentions you',
  moderation: (name: string) => `Moderate ${name}’s message`,
  deleteMessage: 'Delete message…',
  deleteConfirm: (name: string) => `Delete this message by ${name} for everyone? This cannot be undone.`,
  deleteAction: 'Delete',
  banUser: (name: string) => `Ban ${name}…`,
  liftBan: (name: string) => `Lift ${name}’s ban`,
  banTitle: (name: string) => `Ban ${name}`,
  banFor: 'Ban for',
  banReason: 'Reason (shown to the user)',
  /** After the banned user's countdown: the reason the moderator gave. */
  banReasonShown: (reason: string) => `Reason: ${reason}`,
  ban: 'Ban',
  cancel: 'Cancel',
  banPreset: (minutes: number) =>
    minutes < 60
      ? `${minutes} minutes`
      : minutes < 1440
        ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
        : `${minutes / 1440} day${minutes === 1440 ? '' : 's'}`,
  slowMode: 'Slow mode',
  slowModeOff: 'Off',
  slowModeSeconds: (seconds: number) => `${seconds} s between posts`,
  loadingChannels: 'Loading chat',
  noChannels: 'No chat channels.',
  suggestionsFor: (kind: 'user' | 'symbol') => (kind === 'user' ? 'Users' : 'Symbols'),
} as const;
