import { lazy, type ComponentType } from 'react';
import {
  IconDashboard,
  IconHelpCircle,
  IconHistory,
  IconListCheck,
  IconMailForward,
  IconMessageReport,
  IconPhotoVideo,
  IconTemplate,
  IconUserShield,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { CATALOGUE_ENTRIES } from '@/features/catalogues/entries';
import { chatBlock } from '@/features/read-only-lists/chat-block';
import { contactUs } from '@/features/read-only-lists/contact-us';
import type { PagedList } from '@/features/read-only-lists/define-paged-list';
import { feedbacks } from '@/features/read-only-lists/feedbacks';
import type { Session } from '@/lib/core/session';
import { permits, type Feature } from '@/lib/features';
import { SIGNED_IN_ROUTES } from '../feature-routes';

export type MenuItem = {
  label: string;
  to: string;
  icon: Icon;
  /** Shown only when the API announced this extension (the route's own `feature`). */
  feature?: Feature;
  /**
   * A count shown after the label (the review queue's open items), which reads it itself: an element of that `id`,
   * the link's description, so that the link's name stays its label.
   */
  Count?: ComponentType<{ id: string }>;
};

export type MenuGroup = {
  /** The section's heading; the group without one (Dashboard) has none. */
  label?: string;
  items: MenuItem[];
  /** Closed until the admin opens it or is on one of its screens: the catalogues are set up once and seldom changed. */
  closed?: boolean;
};

type CatalogueEntry = (typeof CATALOGUE_ENTRIES)[keyof typeof CATALOGUE_ENTRIES];
const catalogue = (entry: CatalogueEntry): MenuItem => ({
  label: entry.title,
  to: entry.routes.list,
  icon: entry.menuIcon,
});
const pagedList = (list: PagedList): MenuItem => ({ label: list.title, to: list.route, icon: list.menuIcon });

const {
  university,
  reportElement,
  setting,
  hobbies,
  languages,
  foodPreference,
  eventCategory,
  lookingFor,
  languageSpeak,
  religiousBeliefs,
  offer,
  plan,
  blogs,
  blogCategory,
  events,
} = CATALOGUE_ENTRIES;

/**
 * The sidebar, in sections: every entry, announced or not (menuGroupsFor gives what a session shows). Each entry is a
 * screen of the route table (a test checks that every one resolves, and that every list route of SPEC 2.2 is here).
 */
export const MENU_GROUPS: MenuGroup[] = [
  { items: [{ label: 'Dashboard', to: '/dashboard', icon: IconDashboard }] },
  { label: 'Members', items: [{ label: 'Users', to: '/users', icon: IconUsers }, catalogue(plan)] },
  {
    label: 'Content',
    items: [
      { label: 'Posts', to: '/post', icon: IconPhotoVideo },
      catalogue(events),
      catalogue(blogs),
      catalogue(offer),
      { label: 'FAQ', to: '/faq', icon: IconHelpCircle },
      catalogue(setting),
    ],
  },
  {
    label: 'Communication',
    items: [
      { label: 'Send Mail', to: '/send-mail', icon: IconMailForward },
      pagedList(contactUs),
      pagedList(feedbacks),
    ],
  },
  {
    label: 'Safety',
    items: [
      {
        label: 'Review queue',
        to: '/queue',
        icon: IconListCheck,
        feature: 'review-queue',
        // Its code and first read come after the screen's first load (sidebar.tsx).
        Count: lazy(() => import('@/features/review-queue/count-badge')),
      },
      { label: 'Notice templates', to: '/queue/templates', icon: IconTemplate, feature: 'notice-templates' },
      { label: 'Chat Report', to: '/chat-report', icon: IconMessageReport },
      pagedList(chatBlock),
      catalogue(reportElement),
      { label: 'Activity', to: '/activity', icon: IconHistory, feature: 'activity-log' },
    ],
  },
  {
    label: 'Team',
    items: [{ label: 'Admins', to: '/admins', icon: IconUserShield, feature: 'admins' }],
  },
  {
    label: 'Catalogues',
    closed: true,
    items: [
      university,
      hobbies,
      languages,
      languageSpeak,
      foodPreference,
      lookingFor,
      religiousBeliefs,
      eventCategory,
      blogCategory,
    ].map(catalogue),
  },
];

/** Every entry of the sidebar, section after section (the Ctrl+K search lists them in this order). */
export const MENU: MenuItem[] = MENU_GROUPS.flatMap((group) => group.items);

/** Each entry's screen's permission ('roles'): the one its route declares (feature-routes.ts). */
const permissionOf = (item: MenuItem) => SIGNED_IN_ROUTES.find((route) => route.path === item.to)?.permission;

/** What the menu asks of a session: the extensions its API announced and the admin's role. */
export type MenuSession = Pick<Session, 'features' | 'role'>;

const shown =
  ({ features, role }: MenuSession) =>
  (item: MenuItem) => {
    if (item.feature && !features.includes(item.feature)) return false;
    const permission = permissionOf(item);
    return permission !== undefined && permits(features, role, permission);
  };

/**
 * The entries a session shows: those of SPEC, and those of the extensions its API announced, that the admin's role
 * may open.
 */
export const menuFor = (session: MenuSession) => MENU.filter(shown(session));

/** The sidebar's sections as a session shows them, without the sections left empty. */
export const menuGroupsFor = (session: MenuSession) =>
  MENU_GROUPS.map((group) => ({ ...group, items: group.items.filter(shown(session)) })).filter(
    (group) => group.items.length > 0,
  );
