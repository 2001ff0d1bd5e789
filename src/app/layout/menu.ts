import { CATALOGUES } from '@/features/catalogues/registry';
import { IconAddressBook, IconDashboard, IconHelpCircle, IconUsers, type Icon } from '@tabler/icons-react';

export type MenuItem = { label: string; to: string; icon: Icon };

/** The sidebar, in order. Each entry is a screen of the route table (a test checks that every one resolves). */
export const MENU: MenuItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconDashboard },
  { label: 'Users', to: '/users', icon: IconUsers },
  { label: 'FAQ', to: '/faq', icon: IconHelpCircle },
  ...CATALOGUES.map((catalogue) => ({
    label: catalogue.title,
    to: catalogue.routes.list,
    icon: catalogue.menuIcon,
  })),
  { label: 'Contact Us', to: '/contact-us', icon: IconAddressBook },
];
