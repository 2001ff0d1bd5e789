import { nextId } from './ids';

/** A post as the reference server stores it (SPEC 3): `userId` is the author's id, joined with their name on answer. */
export type MockPost = {
  _id: string;
  name: string;
  image1: string | null;
  image2: string | null;
  image3: string | null;
  video: string | null;
  userId: string;
  created: string;
  createdAt: string;
  updatedAt: string;
};

const TITLES = [
  'Sunday hike up Mam Tor',
  'Homemade ramen night',
  'First pottery class',
  'Golden hour at the harbour',
  'Board games café with friends',
  'Trying paddleboarding',
  'Street food market finds',
  'Rainy day reading nook',
  'Salsa social recap',
  'Morning run by the river',
  'Farmers market haul',
  'Camping under the stars',
  'Vinyl shopping in Soho',
  'Baking sourdough, attempt #3',
  'Weekend in the Lake District',
  'Open mic night',
  'Rooftop sunset',
  'Yoga in the park',
  'Museum late event',
  'Cycling the canal path',
  'Picnic at Hampstead Heath',
  'Indoor climbing session',
  'Jazz brunch',
  'Painting with watercolours',
  'Beach day in Brighton',
] as const;

/**
 * About two dozen posts by the fixture users, newest first (the server's order): most with one to three images, some
 * with a video as well, a few with a video only or no media at all.
 */
export function makePosts(users: readonly { _id: string }[]): MockPost[] {
  return TITLES.map((name, index) => {
    const author = users[(index * 5) % users.length]!;
    const _id = nextId();
    const images = index % 6 === 5 ? 0 : (index % 3) + 1;
    const image = (slot: number) => (slot <= images ? `uploads/posts/${index}-${slot}.jpg` : null);
    const stamp = new Date(Date.UTC(2026, 10, 28, 18, 45) - index * 26 * 3_600_000).toISOString();
    return {
      _id,
      name,
      image1: image(1),
      image2: image(2),
      image3: image(3),
      video: index % 4 === 2 || index % 6 === 5 ? `uploads/posts/${index}.mp4` : null,
      userId: author._id,
      created: stamp,
      createdAt: stamp,
      updatedAt: stamp,
    };
  });
}
