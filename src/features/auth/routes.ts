import type * as SignInPage from './sign-in-page';
import { screenIn, type LazyRoute } from '@/lib/route-table';

const signIn = screenIn<typeof SignInPage>('/src/features/auth/sign-in-page.tsx', (m) => m.SignInPage);

/** Sign-in, at /login too (SPEC 2.4's address after a logout). */
export const routes: LazyRoute[] = [
  { path: '/sign-in', public: true, screen: signIn },
  { path: '/login', public: true, screen: signIn },
];
