import type { Transaction } from '@touchline/db';
import { adjustCommentCounts, insertComment, insertPost, toggleLike } from '@touchline/db/posts';
import type { UserRow } from '@touchline/db/users';
import type { StorageDriver } from '@touchline/drivers';
import {
  deleteStoredFiles,
  processedImageFiles,
  processImage,
  putProcessedImage,
  recordProcessedImage,
  type ProcessedImage,
} from '../modules/media/media.uploads';
import { POST_IMAGE_VARIANTS } from '../modules/posts/posts.rules';
import { renderDemoScene, type DemoScene } from './demo-images';

type Email = `${string}@touchline.test`;
type DemoComment = { by: Email; text: string; replies?: DemoComment[] };
type DemoPost = {
  by: Email;
  hoursAgo: number;
  text: string;
  image?: DemoScene;
  likes?: Email[];
  comments?: DemoComment[];
};

const STARS = 'academy@touchline.test';
const HOOPS = 'hoops@touchline.test';
const TUNDE = 'player@touchline.test';
const KEMI = 'kemi@touchline.test';
const AMAKA = 'amaka@touchline.test';
const MUSA = 'junior@touchline.test';

/**
 * The demo feed: a week of posts. Comments on the minors' posts (Amaka 16, Musa 12) come only
 * from their circle (Amaka ↔ Musa are friends, Amaka follows Abuja Hoops, Musa follows Lagos
 * Stars), as the product allows.
 */
const POSTS: DemoPost[] = [
  {
    by: STARS,
    hoursAgo: 5,
    text: 'Open trials for our U-15 and U-17 squads this Saturday at Teslim Balogun Stadium, Surulere. Bring boots, water and a signed parent consent form. Registration opens at 8am.',
    image: { kind: 'pitch', caption: 'U-17 open trials · Saturday 9am', accent: '#0b3d91' },
    likes: [TUNDE, KEMI, MUSA],
    comments: [
      {
        by: TUNDE,
        text: 'I will be there. Is the U-17 session in the morning or the afternoon?',
        replies: [
          {
            by: STARS,
            text: 'Morning. U-17s start at 9am sharp, so come early to register.',
            replies: [
              {
                by: TUNDE,
                text: 'Perfect, thank you!',
                replies: [{ by: KEMI, text: 'See you there Tunde, I am bringing my cousin too.' }],
              },
            ],
          },
        ],
      },
      {
        by: KEMI,
        text: 'Do you run trials for girls as well?',
        replies: [{ by: STARS, text: 'Yes! The girls’ session is on Sunday at 10am.' }],
      },
    ],
  },
  {
    by: TUNDE,
    hoursAgo: 20,
    text: 'Final whistle! We lifted the Ikeja Schools Cup, 2–1 after extra time. Proud of every one of the boys. On to the state championship 💪',
    image: { kind: 'pitch', caption: 'Ikeja Schools Cup champions', accent: '#b8860b' },
    likes: [KEMI, STARS],
    comments: [
      {
        by: KEMI,
        text: 'Congratulations! That second goal was a beauty.',
        replies: [{ by: TUNDE, text: 'Thank you 🙏 the cross did all the work.' }],
      },
    ],
  },
  {
    by: KEMI,
    hoursAgo: 28,
    text: 'Left foot is getting stronger: 200 crosses a day this week. Thanks Coach Bisi for staying late with me.',
    likes: [TUNDE],
  },
  {
    by: HOOPS,
    hoursAgo: 30,
    text: 'Summer camp registration is open for ages 10–18, boys and girls. Two weeks of fundamentals, conditioning and games at our Garki court.',
    image: { kind: 'court', caption: 'Abuja Hoops summer camp', accent: '#7a1f1f' },
    likes: [AMAKA],
    comments: [{ by: AMAKA, text: 'Signing up today!' }],
  },
  {
    by: AMAKA,
    hoursAgo: 44,
    text: 'Hit 8 out of 10 from the free-throw line at practice today. Slowly getting there 🏀',
    likes: [MUSA, HOOPS],
    comments: [
      {
        by: MUSA,
        text: 'You will get 10 out of 10 soon!',
        replies: [{ by: AMAKA, text: 'Haha, from your mouth to God’s ears.' }],
      },
    ],
  },
  {
    by: MUSA,
    hoursAgo: 50,
    text: 'Scored my first hat-trick for my school team today!',
    likes: [AMAKA, STARS],
    comments: [
      { by: AMAKA, text: 'Well done Musa! 👏' },
      { by: STARS, text: 'Great work. Keep listening to your coaches.' },
    ],
  },
  {
    by: STARS,
    hoursAgo: 60,
    text: 'Coaching tip of the week: scan before you receive. Two looks over your shoulder before the ball arrives buys you a full second on the pitch.',
    likes: [TUNDE],
  },
  {
    by: TUNDE,
    hoursAgo: 72,
    text: 'Recovery day. Ice bath, stretching and watching the tape of last weekend’s match. What do you do on rest days?',
    comments: [{ by: KEMI, text: 'Yoga and a long nap, no shame.' }],
  },
  {
    by: KEMI,
    hoursAgo: 80,
    text: 'Morning session in Ibadan: finishing drills, then small-sided games.',
    image: { kind: 'pitch', caption: 'Morning session · Ibadan', accent: '#1f6f50' },
    likes: [TUNDE, STARS],
  },
  {
    by: HOOPS,
    hoursAgo: 96,
    text: 'Congratulations to our U-16 girls, runners-up at the FCT Youth Championship!',
    likes: [AMAKA],
  },
  {
    by: MUSA,
    hoursAgo: 100,
    text: 'Coach says I need to work on my weak foot. Practising against the wall every evening.',
    likes: [AMAKA],
  },
  {
    by: TUNDE,
    hoursAgo: 120,
    text: 'Looking for a Sunday 5-a-side in Ikeja. Anyone have a team that needs a midfielder?',
  },
  {
    by: AMAKA,
    hoursAgo: 150,
    text: 'Enugu represent! Our school team made the state semi-finals.',
    likes: [MUSA],
  },
  {
    by: STARS,
    hoursAgo: 160,
    text: 'Our pitch in Surulere has new floodlights. Evening sessions start next week.',
    likes: [KEMI],
  },
];

/**
 * Renders, re-encodes and stores the demo pictures before the seed's transaction (storage writes
 * never happen inside one), through the same path as an uploaded post image.
 */
export async function prepareDemoPostImages(storage: StorageDriver) {
  const images = new Map<number, ProcessedImage>();
  await Promise.all(
    POSTS.map(async (post, index) => {
      if (!post.image) return;
      const image = await processImage(await renderDemoScene(post.image), POST_IMAGE_VARIANTS);
      images.set(index, image);
    }),
  );
  const all = [...images.values()];
  try {
    await Promise.all(all.map((image) => putProcessedImage(storage, image)));
  } catch (err) {
    await discardDemoImages(storage, images);
    throw err;
  }
  return images;
}

export const discardDemoImages = (storage: StorageDriver, images: Map<number, ProcessedImage>) =>
  deleteStoredFiles(storage, [...images.values()].flatMap(processedImageFiles));

/**
 * The demo posts with their pictures, likes and comments, written as rows (no outbox events:
 * nobody is notified of a demo post, like or comment).
 */
export async function seedDemoPosts(
  tx: Transaction,
  who: (email: string) => UserRow,
  images: Map<number, ProcessedImage>,
  now: Date,
) {
  for (const [index, demo] of POSTS.entries()) {
    const author = who(demo.by);
    const image = images.get(index);
    const media = image ? await recordProcessedImage(tx, author.id, image) : null;
    const createdAt = new Date(now.getTime() - demo.hoursAgo * 3600_000);
    const { id } = await insertPost(tx, {
      authorId: author.id,
      content: demo.text,
      mediaId: media?.id ?? null,
      mediaKind: media ? 'image' : null,
      createdAt,
    });
    for (const liker of demo.likes ?? []) await toggleLike(tx, id, who(liker).id);
    let minutes = 0;
    const addComments = async (list: DemoComment[], parentId: string | null, depth: number) => {
      for (const comment of list) {
        minutes += 7;
        const row = await insertComment(tx, {
          postId: id,
          authorId: who(comment.by).id,
          parentId,
          depth,
          content: comment.text,
          createdAt: new Date(createdAt.getTime() + minutes * 60_000),
        });
        await adjustCommentCounts(tx, id, { topLevel: parentId ? 0 : 1, total: 1 });
        await addComments(comment.replies ?? [], row.id, depth + 1);
      }
    };
    await addComments(demo.comments ?? [], null, 0);
  }
  return POSTS.length;
}
