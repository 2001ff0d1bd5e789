import type { RecordType } from './activity';

/**
 * The words the console's screens put on each field an activity summary names (its form's label, or its list's
 * heading), so that a summary reads as the screen does: 'Status: Active → Inactive', not 'enabled: …'. By field
 * name, with each record type's own words where its screen differs; tests/activity/activity-labels.test.ts holds the
 * catalogue forms' labels to these.
 */
const COMMON: Record<string, string> = {
  enabled: 'Status',
  name: 'Name',
  title: 'Title',
  description: 'Description',
  icon: 'Icon',
  image: 'Image',
  email: 'Email',
  message: 'Message',
  question: 'Question',
  answer: 'Answer',
};

const BY_RECORD: Partial<Record<RecordType, Record<string, string>>> = {
  university: { name: 'University Name' },
  'report-element': { explanation: 'Explanation for members' },
  'notice-template': { kind: 'Kind', policy: 'Policy', subject: 'Subject', body: 'Message' },
  event: {
    venue: 'Venue',
    image: 'Event Image',
    startTime: 'Start Time',
    endTime: 'End Time',
    date: 'Day and Date',
    numberOfParticipants: 'Number of Participants',
    category: 'Category',
    university: 'University',
  },
  offer: {
    brandLogo: 'Brand Logo',
    image: 'Offer Image',
    off: 'Off (%)',
    minimumPurchaseAmount: 'Minimum Purchase Amount',
    minimumMember: 'Minimum Members',
    expireDate: 'Expire Date',
  },
  blog: {
    slug: 'Slug',
    author: 'Author',
    seoTitle: 'SEO Title',
    category: 'Blog Type',
    focusKeyword: 'Focus Keyword',
    shortDescription: 'Short Description',
    metaDescription: 'Meta Description',
  },
  plan: {
    benefit: 'Benefit',
    planType: 'Plan Type',
    price: 'Price',
    productId: 'Product Id',
    isRecommended: 'Recommended',
  },
  setting: { privacy: 'Privacy', termsCondition: 'Terms & Condition' },
  post: { image1: 'Image 1', image2: 'Image 2', image3: 'Image 3', video: 'Video' },
  admin: { photo: 'Profile Image' },
};

/** A field's label on the console's screen of `recordType`; a name without one reads as words ('Minimum member'). */
export function fieldLabel(recordType: RecordType | undefined, name: string): string {
  const own = recordType ? BY_RECORD[recordType] : undefined;
  if (own && Object.hasOwn(own, name)) return own[name]!;
  if (Object.hasOwn(COMMON, name)) return COMMON[name]!;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
