import { IconAddressBook, IconDashboard, IconHelpCircle, IconUsers, type Icon } from '@tabler/icons-react';

export type MenuItem = { label: string; to: string; icon: Icon };

/** The sidebar, in order. Each entry is a screen of the route table (a test checks that every one resolves). */
export const MENU: MenuItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconDashboard },
  { label: 'Users', to: '/users', icon: IconUsers },
  { label: 'FAQ', to: '/faq', icon: IconHelpCircle },
  { label: 'Contact Us', to: '/contact-us', icon: IconAddressBook },
];
