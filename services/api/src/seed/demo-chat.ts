import type { Transaction } from '@touchline/db';
import { insertMessage, markRead, openThread } from '@touchline/db/chat';
import { appendEvent } from '@touchline/db/outbox';
import type { UserRow } from '@touchline/db/users';

type Email = `${string}@touchline.test`;
const ADMIN = 'admin@touchline.test';
const STARS = 'academy@touchline.test';
const TUNDE = 'player@touchline.test';
const EMEKA = 'emeka@touchline.test';
const AMAKA = 'amaka@touchline.test';
const MUSA = 'junior@touchline.test';

/**
 * When a line was sent: a day before today (Lagos) at a Lagos clock time no later than 20:30, or
 * some minutes before the seed (at most 200, so never before 20:40 yesterday): either way a
 * conversation's lines stay in order whatever time of day the demo is seeded.
 */
type When = { daysAgo: number; at: `${number}:${number}` } | { minutesAgo: number };

type Line = {
  /** 0: the conversation's first member wrote it, 1: the second. */
  by: 0 | 1;
  text: string;
  when: When;
  /** The sender corrected it a couple of minutes later (shown as 'edited'). */
  edited?: true;
};

type DemoConversation = {
  members: readonly [Email, Email];
  lines: Line[];
  /** How many of the last lines (all by the other member) this member has not read yet. */
  unread?: { member: 0 | 1; count: number };
};

/**
 * The demo world's conversations (supplement §7, §13): Tunde and his friend Emeka; Tunde and Lagos
 * Stars (he registered for its trials and was selected); the administrator and Lagos Stars; two
 * young friends (Amaka 16, Musa 12); Musa and the academy he follows. Nobody a rule forbids:
 * minors talk only to a friend or an academy they follow. Tunde has three unread messages in two
 * conversations, Lagos Stars one.
 */
const CONVERSATIONS: DemoConversation[] = [
  {
    members: [EMEKA, TUNDE],
    lines: [
      {
        by: 0,
        when: { daysAgo: 5, at: '09:12' },
        text: 'Tunde! Did you watch the Super Eagles last night?',
      },
      {
        by: 1,
        when: { daysAgo: 5, at: '09:20' },
        text: 'Which kind question be that 😂 That Osimhen header in the 88th minute, I nearly broke my neighbour’s window',
      },
      {
        by: 0,
        when: { daysAgo: 5, at: '09:24' },
        text: 'Lookman was cooking on that left side. Chukwueze too',
      },
      {
        by: 1,
        when: { daysAgo: 5, at: '09:31' },
        text: 'Our midfield still needs work sha. Too many long balls from the back',
      },
      {
        by: 0,
        when: { daysAgo: 3, at: '18:05' },
        text: 'Are you coming for the 5-a-side at Teslim Balogun on Saturday?',
      },
      { by: 1, when: { daysAgo: 3, at: '18:40' }, text: 'I dey come. 7am abi?' },
      {
        by: 0,
        when: { daysAgo: 3, at: '18:42' },
        text: '6:30 sharp. Coach Segun wants us warmed up before the sun gets hot',
        edited: true,
      },
      {
        by: 1,
        when: { daysAgo: 3, at: '18:50' },
        text: 'No wahala, I’ll bring the cones and bibs',
      },
      {
        by: 0,
        when: { daysAgo: 1, at: '20:10' },
        text: 'Congrats on the Lagos Stars selection bro 🔥 You worked for it',
      },
      {
        by: 1,
        when: { daysAgo: 1, at: '20:26' },
        text: 'Thank you! Still can’t believe it. Medical is next week',
      },
      {
        by: 0,
        when: { minutesAgo: 140 },
        text: 'Saw the poster for the Elite Camp. Are you trying again?',
      },
      {
        by: 0,
        when: { minutesAgo: 137 },
        text: 'Also Saturday is still on. Bring your boots, the grass pitch is open again',
      },
    ],
    unread: { member: 1, count: 2 },
  },
  {
    members: [STARS, TUNDE],
    lines: [
      {
        by: 0,
        when: { daysAgo: 9, at: '11:00' },
        text: 'Hello Tunde, congratulations on being selected at the Lagos Stars Summer Screening. Coach Adebayo liked how you pressed in midfield.',
      },
      { by: 1, when: { daysAgo: 9, at: '11:16' }, text: 'Thank you so much! I’m really happy.' },
      {
        by: 0,
        when: { daysAgo: 9, at: '11:20' },
        text: 'Please bring a copy of your birth certificate and two passport photographs to the academy office.',
      },
      { by: 1, when: { daysAgo: 9, at: '11:24' }, text: 'Will do. Which day should I come?' },
      {
        by: 0,
        when: { daysAgo: 9, at: '11:30' },
        text: 'Tuesday or Thursday, 4pm, at our office opposite the National Stadium, Surulere.',
        edited: true,
      },
      {
        by: 1,
        when: { daysAgo: 4, at: '15:45' },
        text: 'Good afternoon. I dropped the documents on Thursday with Mrs Okon.',
      },
      {
        by: 0,
        when: { daysAgo: 4, at: '16:02' },
        text: 'Received, thank you. Your medical is booked for next Wednesday at 10am.',
      },
      {
        by: 0,
        when: { minutesAgo: 55 },
        text: 'Training for the new intake: Monday, Wednesday and Friday, 4–6pm on the academy pitch. Please arrive by 3:45 with shin guards.',
      },
    ],
    unread: { member: 1, count: 1 },
  },
  {
    members: [ADMIN, STARS],
    lines: [
      {
        by: 0,
        when: { daysAgo: 6, at: '10:05' },
        text: 'Hello Lagos Stars, your licence has been checked and your academy is verified. Welcome to Touchline!',
      },
      {
        by: 1,
        when: { daysAgo: 6, at: '10:30' },
        text: 'Thank you! Can we run the U15 and U17 trials on the same day?',
      },
      {
        by: 0,
        when: { daysAgo: 6, at: '10:41' },
        text: 'Yes. Please create one trial per age group, so players can find the one that fits their age.',
      },
      { by: 1, when: { daysAgo: 6, at: '10:44' }, text: 'Perfect, we will set them up this week.' },
    ],
  },
  {
    members: [AMAKA, MUSA],
    lines: [
      { by: 0, when: { daysAgo: 2, at: '17:30' }, text: 'Musa, how was training today?' },
      {
        by: 1,
        when: { daysAgo: 2, at: '17:48' },
        text: 'I scored two goals in the small-sided game! Coach said my first touch is better now',
      },
      {
        by: 0,
        when: { daysAgo: 2, at: '17:50' },
        text: 'Well done! 👏 Keep practising with your weaker foot',
        edited: true,
      },
    ],
  },
  {
    members: [STARS, MUSA],
    lines: [
      {
        by: 0,
        when: { daysAgo: 7, at: '12:00' },
        text: 'Hi Musa, thank you for following Lagos Stars. Our U13 open session is every Saturday at 9am in Surulere. Please come with a parent or guardian.',
      },
      { by: 1, when: { daysAgo: 7, at: '16:10' }, text: 'Thank you! My dad will bring me.' },
      { by: 1, when: { minutesAgo: 30 }, text: 'Can I bring my own ball on Saturday?' },
    ],
    unread: { member: 0, count: 1 },
  },
];

const LAGOS_OFFSET_HOURS = 1; // West Africa Time, no daylight saving

/** When each demo conversation's lines were sent, for a seed at `now` (in order, or it throws). */
export function demoChatTimes(now: Date): Date[][] {
  return CONVERSATIONS.map((conversation) => {
    const times = conversation.lines.map((line) => timeOf(line.when, now));
    times.forEach((at, i) => {
      if (at.getTime() >= now.getTime() || (i > 0 && at <= times[i - 1]!)) {
        throw new Error(`demo chat: line ${i} of ${conversation.members.join('/')} out of order`);
      }
    });
    return times;
  });
}

function timeOf(when: When, now: Date): Date {
  if ('minutesAgo' in when) return new Date(now.getTime() - when.minutesAgo * 60_000);
  const lagosToday = new Date(now.getTime() + LAGOS_OFFSET_HOURS * 3_600_000);
  const [h, m] = when.at.split(':').map(Number) as [number, number];
  return new Date(
    Date.UTC(
      lagosToday.getUTCFullYear(),
      lagosToday.getUTCMonth(),
      lagosToday.getUTCDate() - when.daysAgo,
      h - LAGOS_OFFSET_HOURS,
      m,
    ),
  );
}

/**
 * Seeds the demo conversations with their history, read pointers and unread counts, the way the
 * product stores them. The newest unread message of each conversation is announced through the
 * outbox, so the worker gives its reader the 'New message from <name>' notification. Answers how
 * many conversations and messages were made.
 */
export async function seedDemoChats(
  tx: Transaction,
  who: (email: string) => UserRow,
  now: Date,
): Promise<{ conversations: number; messages: number }> {
  let messages = 0;
  const times = demoChatTimes(now);
  for (const [c, conversation] of CONVERSATIONS.entries()) {
    const members = conversation.members.map(who) as [UserRow, UserRow];
    const thread = await openThread(tx, members[0].id, members[1].id, { createdAt: times[c]![0] });
    const sent: { id: string; by: 0 | 1 }[] = [];
    for (const [i, line] of conversation.lines.entries()) {
      const at = times[c]![i]!;
      const { message } = await insertMessage(tx, {
        threadId: thread.id,
        senderId: members[line.by].id,
        text: line.text,
        createdAt: at,
        editedAt: line.edited ? new Date(at.getTime() + 2 * 60_000) : null,
      });
      sent.push({ id: message.id, by: line.by });
      messages += 1;
    }
    for (const member of [0, 1] as const) {
      const unread = conversation.unread?.member === member ? conversation.unread.count : 0;
      const fromPartner = sent.filter((m) => m.by !== member);
      const lastRead = fromPartner.at(-1 - unread);
      if (lastRead) await markRead(tx, thread.id, members[member].id, lastRead.id);
      const newest = fromPartner.at(-1);
      if (unread > 0 && newest) {
        await appendEvent(tx, { type: 'chat.message_sent', payload: { messageId: newest.id } });
      }
    }
  }
  return { conversations: CONVERSATIONS.length, messages };
}
