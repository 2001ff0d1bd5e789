import {
  IconDashboard,
  IconHelpCircle,
  IconHistory,
  IconMailForward,
  IconMessageReport,
  IconPhotoVideo,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { CATALOGUE_MENU } from '@/features/catalogues/entries';
import type { PagedList } from '@/features/read-only-lists/define-paged-list';
import { PAGED_LISTS } from '@/features/read-only-lists/registry';
import type { Feature } from '@/lib/features';

export type MenuItem = {
  label: string;
  to: string;
  icon: Icon;
  /** Shown only when the API announced this extension (the route's own `feature`). */
  feature?: Feature;
};

const pagedList = (list: PagedList): MenuItem => ({ label: list.title, to: list.route, icon: list.menuIcon });

/** Chat Report has a screen of its own (features/chat-report), in its place among the read-only lists. */
const CHAT_REPORT: MenuItem = { label: 'Chat Report', to: '/chat-report', icon: IconMessageReport };

/**
 * The sidebar, in order: every entry, announced or not (menuFor gives what a session shows). Each entry is a screen
 * of the route table (a test checks that every one resolves).
 */
export const MENU: MenuItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconDashboard },
  { label: 'Users', to: '/users', icon: IconUsers },
  { label: 'FAQ', to: '/faq', icon: IconHelpCircle },
  ...CATALOGUE_MENU.map((catalogue) => ({
    label: catalogue.title,
    to: catalogue.routes.list,
    icon: catalogue.menuIcon,
  })),
  ...PAGED_LISTS.flatMap((list) =>
    list.key === 'chat-block' ? [CHAT_REPORT, pagedList(list)] : [pagedList(list)],
  ),
  { label: 'Activity', to: '/activity', icon: IconHistory, feature: 'activity-log' },
  { label: 'Send Mail', to: '/send-mail', icon: IconMailForward },
  { label: 'Posts', to: '/post', icon: IconPhotoVideo },
];

/** The entries a session shows: those of SPEC, and those of the extensions its API announced. */
export const menuFor = (features: readonly string[]) =>
  MENU.filter((item) => !item.feature || features.includes(item.feature));
