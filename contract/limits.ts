import { NOTE_MAX, REASON_MAX } from './moderation';
import { MEMBER_NOTE_MAX } from './member-notes';

/**
 * The sizes the API enforces, written once: the server's rules refuse past them, the mocks refuse alike, and the
 * console's fields show them (maxLength, a number's range, a file's kinds and size) before the server has to.
 * Text maxima count characters of the trimmed value.
 */

/** Rows a list answers when the call names no size, and the most it answers. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** A list's search text (`q`). */
export const SEARCH_MAX = 100;

/** The text limit when a field names none: long enough for rich HTML, short enough to bound every row. */
export const DEFAULT_TEXT_MAX = 50_000;

const NAME_MAX = 200;
const HTML_MAX = 50_000;
const EMAIL_MAX = 254;
const PASSWORD_MAX = 1024;

/** A catalogue whose records are a name and a status. */
const named = { name: NAME_MAX } as const;

/** Text fields' maxima, by resource (the console's catalogue keys, then the other records) and field. */
export const TEXT_MAX = {
  university: { name: NAME_MAX, description: 5000, email: EMAIL_MAX },
  faq: { question: 1000, answer: HTML_MAX },
  reportElement: { message: 1000 },
  hobbies: named,
  languages: named,
  /** Language speak's screens use the languages' calls. */
  languageSpeak: named,
  foodPreference: named,
  religiousBeliefs: named,
  eventCategory: named,
  lookingFor: named,
  blogCategory: { name: NAME_MAX, description: HTML_MAX },
  blogs: {
    title: 300,
    slug: 300,
    author: NAME_MAX,
    seoTitle: 300,
    focusKeyword: NAME_MAX,
    shortDescription: 10_000,
    description: HTML_MAX,
    metaDescription: 2000,
  },
  offer: { title: 300, description: HTML_MAX },
  plan: { name: NAME_MAX, benefit: 10_000, productId: NAME_MAX, description: 5000 },
  events: { name: 300, venue: 300 },
  setting: { privacy: 100_000, termsCondition: 100_000 },
  posts: { name: 500 },
  mail: { title: 300, body: HTML_MAX },
  signIn: { email: EMAIL_MAX, password: PASSWORD_MAX, isRole: 20 },
  profile: { email: EMAIL_MAX, password: PASSWORD_MAX },
  /** An admin's invitation ('admins'), and the password its link sets. */
  invite: { name: NAME_MAX, email: EMAIL_MAX, role: 20 },
  invitation: { password: PASSWORD_MAX },
  /** A member's status change. */
  statusChange: { reason: REASON_MAX },
  /** A chat report's case. */
  case: { status: 20, note: NOTE_MAX },
  /** A note on a member ('member-notes'). */
  memberNote: { text: MEMBER_NOTE_MAX },
  /** What the activity log keeps of an entry. */
  activity: { summary: 300, recordName: NAME_MAX },
} as const;

/** A new password's shortest length (own profile). */
export const PASSWORD_MIN = 6;

/** Number fields' ranges, by resource and field. */
export const NUMBER_RANGE = {
  offer: {
    off: { min: 0, max: 100 },
    minimumPurchaseAmount: { min: 0, max: 1_000_000_000 },
    minimumMember: { min: 0, max: 1_000_000_000 },
  },
  events: { numberOfParticipants: { min: 1, max: 100_000 } },
} as const;

const MB = 1024 * 1024;

export type UploadKind = 'image' | 'video' | 'audio';

/** What a file field of each kind accepts (content types, judged by the file's first bytes), up to what size. */
export const UPLOAD_KINDS: Record<
  UploadKind,
  { types: readonly string[]; maxBytes: number; describe: string }
> = {
  image: {
    types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    maxBytes: 5 * MB,
    describe: 'a PNG, JPEG, WebP or GIF image',
  },
  video: {
    types: ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'application/ogg'],
    maxBytes: 50 * MB,
    describe: 'an MP4, WebM, Ogg or MOV video',
  },
  audio: {
    types: [
      'audio/mpeg',
      'audio/wav',
      'audio/x-wav',
      'audio/ogg',
      'audio/mp4',
      'audio/x-m4a',
      'audio/aac',
      'audio/webm',
    ],
    maxBytes: 10 * MB,
    describe: 'an MP3, WAV, Ogg, M4A, AAC or WebM audio file',
  },
};

/** How a refusal states a file's size: '5 MB'. */
export const sizeInMb = (bytes: number) => `${bytes / MB} MB`;
