import {
  IconDashboard,
  IconHelpCircle,
  IconMailForward,
  IconPhotoVideo,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { CATALOGUE_MENU } from '@/features/catalogues/entries';
import { PAGED_LISTS } from '@/features/read-only-lists/registry';

export type MenuItem = { label: string; to: string; icon: Icon };

/** The sidebar, in order. Each entry is a screen of the route table (a test checks that every one resolves). */
export const MENU: MenuItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconDashboard },
  { label: 'Users', to: '/users', icon: IconUsers },
  { label: 'FAQ', to: '/faq', icon: IconHelpCircle },
  ...CATALOGUE_MENU.map((catalogue) => ({
    label: catalogue.title,
    to: catalogue.routes.list,
    icon: catalogue.menuIcon,
  })),
  ...PAGED_LISTS.map((list) => ({ label: list.title, to: list.route, icon: list.menuIcon })),
  { label: 'Send Mail', to: '/send-mail', icon: IconMailForward },
  { label: 'Posts', to: '/post', icon: IconPhotoVideo },
];
