import { adminHandlers } from './handlers/admins';
import { appealHandlers } from './handlers/appeals';
import { authHandlers } from './handlers/auth';
import { catalogueHandlers } from './handlers/catalogues';
import { contactHandlers } from './handlers/contact-us';
import { dashboardHandlers } from './handlers/dashboard';
import { faqHandlers } from './handlers/faq';
import { mailHandlers } from './handlers/mail';
import { memberNoteHandlers } from './handlers/member-notes';
import { moderationHandlers } from './handlers/moderation';
import { postHandlers } from './handlers/posts';
import { profileHandlers } from './handlers/profile';
import { publicHandlers } from './handlers/public';
import { reviewQueueHandlers } from './handlers/review-queue';
import { sessionHandlers } from './handlers/sessions';
import { stepUpHandlers } from './handlers/step-up';
import { twoFactorHandlers } from './handlers/two-factor';
import { userHandlers } from './handlers/users';
import { roleHandler } from './roles';
import { scenarioHandler } from './scenario';

/**
 * Every mock API handler; the scenario handler goes first so demo mode can bend any call, then the roles' check
 * ('roles'), as the server's runs before every admin route.
 */
export const handlers = [
  scenarioHandler,
  roleHandler,
  ...stepUpHandlers,
  ...adminHandlers,
  ...appealHandlers,
  ...authHandlers,
  ...catalogueHandlers,
  ...contactHandlers,
  ...dashboardHandlers,
  ...faqHandlers,
  ...mailHandlers,
  ...memberNoteHandlers,
  ...moderationHandlers,
  ...postHandlers,
  ...publicHandlers,
  ...reviewQueueHandlers,
  ...profileHandlers,
  ...sessionHandlers,
  ...twoFactorHandlers,
  ...userHandlers,
];
